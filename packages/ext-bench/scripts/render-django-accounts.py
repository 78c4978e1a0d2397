"""Renders the account pages of two things others wrote, in the ten most used languages of the web and
Chinese, with Django itself from their own templates and locale files (committed; see each
source's SOURCE.md):

- django-allauth (Debian's python3-django-allauth): sign in, sign up, password reset, password
  change, e-mail addresses, sign out -> sources/django-allauth/web/<lang>/accounts/.../index.html
- Django's own django.contrib.auth views with the admin's registration templates (Debian's
  python3-django): password reset, password change, a new password after a reset link
  -> sources/django-auth/web/<lang>/admin/.../index.html (with the admin's stylesheets)

and writes the tasks of both (tasks/django-allauth.json, tasks/django-auth.json): the values a
person types go in by the labels the page shows in its language, and every task's success is what
the bench's server received from the form.

Run with the Debian Python (scripts/setup.sh installs python3-django and python3-django-allauth):
    /usr/bin/python3 scripts/render-django-accounts.py
"""
import json
import os
import re
import shutil
import sys
import tempfile

import django
from django.conf import settings

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.normpath(os.path.join(HERE, '..'))
LANGUAGES = {'en': 'English', 'es': 'Spanish', 'de': 'German', 'ja': 'Japanese', 'fr': 'French',
             'pt-br': 'Brazilian Portuguese', 'ru': 'Russian', 'it': 'Italian', 'nl': 'Dutch',
             'pl': 'Polish', 'zh-hans': 'Simplified Chinese'}
DATA = tempfile.mkdtemp(prefix='render-django-accounts-')
USER, EMAIL, SECOND_EMAIL = 'ann.lee', 'ann.lee@example.test', 'ann.work@example.test'

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=['testserver'],
    SECRET_KEY='render-only',
    ROOT_URLCONF=__name__,
    USE_I18N=True,
    LANGUAGE_CODE='en',
    LANGUAGES=[(code, name) for code, name in LANGUAGES.items()],
    INSTALLED_APPS=['django.contrib.admin', 'django.contrib.auth', 'django.contrib.contenttypes',
                    'django.contrib.sessions', 'django.contrib.messages', 'django.contrib.sites',
                    'allauth', 'allauth.account', 'allauth.socialaccount'],
    MIDDLEWARE=['django.contrib.sessions.middleware.SessionMiddleware',
                'django.middleware.locale.LocaleMiddleware',
                'django.middleware.common.CommonMiddleware',
                'django.middleware.csrf.CsrfViewMiddleware',
                'django.contrib.auth.middleware.AuthenticationMiddleware',
                'django.contrib.messages.middleware.MessageMiddleware'],
    TEMPLATES=[{'BACKEND': 'django.template.backends.django.DjangoTemplates', 'APP_DIRS': True,
                'OPTIONS': {'context_processors': ['django.template.context_processors.request',
                                                   'django.contrib.auth.context_processors.auth',
                                                   'django.contrib.messages.context_processors.messages']}}],
    DATABASES={'default': {'ENGINE': 'django.db.backends.sqlite3', 'NAME': os.path.join(DATA, 'db.sqlite3')}},
    AUTHENTICATION_BACKENDS=['django.contrib.auth.backends.ModelBackend',
                             'allauth.account.auth_backends.AuthenticationBackend'],
    SITE_ID=1,
    ACCOUNT_AUTHENTICATION_METHOD='username_email',
    EMAIL_BACKEND='django.core.mail.backends.locmem.EmailBackend',
    PASSWORD_HASHERS=['django.contrib.auth.hashers.MD5PasswordHasher'],
    STATIC_URL='/static/',
    DEFAULT_AUTO_FIELD='django.db.models.AutoField',
)
django.setup()

from django.conf.urls.i18n import i18n_patterns  # noqa: E402
from django.contrib import admin  # noqa: E402
from django.contrib.auth import views as auth_views  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.contrib.auth.tokens import default_token_generator  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import include, path  # noqa: E402
from django.utils.encoding import force_bytes  # noqa: E402
from django.utils.http import urlsafe_base64_encode  # noqa: E402

urlpatterns = i18n_patterns(
    path('accounts/', include('allauth.urls')),
    path('admin/password_reset/', auth_views.PasswordResetView.as_view(), name='admin_password_reset'),
    path('admin/password_reset/done/', auth_views.PasswordResetDoneView.as_view(), name='password_reset_done'),
    path('admin/reset/<uidb64>/<token>/', auth_views.PasswordResetConfirmView.as_view(),
         name='password_reset_confirm'),
    path('admin/reset/done/', auth_views.PasswordResetCompleteView.as_view(), name='password_reset_complete'),
    path('admin/', admin.site.urls),
)

LABEL = re.compile(r'<label[^>]*\bfor="id_([\w-]+)"[^>]*>(.*?)</label>', re.S)
BUTTON = re.compile(r'<(?:button|input)[^>]*type="submit"[^>]*>', re.S)


def labels(html):
    """The text of each field's label as the page shows it, without the label suffix."""
    out = {}
    for name, text in LABEL.findall(html):
        text = re.sub(r'<[^>]+>', '', text).strip()
        out[name] = re.sub(r'\s*[:：]$', '', text).strip()
    return out


def get(client, url):
    response = client.get(url, follow=True)
    assert response.status_code == 200, (url, response.status_code)
    final = response.redirect_chain[-1][0] if response.redirect_chain else url
    return final, response.content.decode('utf-8')


def write(out, url, html):
    folder = os.path.join(out, url.split('?')[0].strip('/'))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'index.html'), 'w', encoding='utf-8') as f:
        f.write(html)
    return url.split('?')[0].lstrip('/')


def allauth_pages(lang, anon, signed_in):
    """The allauth pages of one language, and their tasks."""
    out = os.path.join(BENCH, 'sources', 'django-allauth', 'web')
    name, tasks = LANGUAGES[lang], []

    def task(kind, what, page, goal, steps, received, ci=False):
        t = {'id': f'allauth-{what}-{lang}', 'source': 'django-allauth', 'page': page, 'kind': kind,
             'goal': f'{goal.rstrip(".")} (page in {name}).', 'steps': steps, 'received': received}
        tasks.append({**t, 'ci': True} if ci else t)

    url, html = get(anon, f'/{lang}/accounts/login/')
    page = write(out, url, html)
    pw = f'Pass-{lang}-7305'
    task('login', 'login', page, f'Sign in as {USER} with the password {pw}.',
         [{'do': 'login', 'username': USER, 'password': pw}], {'login': USER, 'password': pw},
         ci=lang in ('en', 'ja'))
    url, html = get(anon, f'/{lang}/accounts/signup/')
    page, lab = write(out, url, html), labels(html)
    new_user, new_pw = f'bo.chen.{lang}', f'New-{lang}-Pass-5521'
    task('fill', 'signup', page, f'Create an account: username {new_user}, e-mail {new_user}@example.test, password {new_pw}.',
         [{'do': 'fill', 'tool_hint': 'sign up', 'values': {lab['username']: new_user, lab['email']: f'{new_user}@example.test',
                                                          lab['password1']: new_pw, lab['password2']: new_pw}}],
         {'username': new_user, 'email': f'{new_user}@example.test', 'password1': new_pw, 'password2': new_pw},
         ci=lang in ('de', 'ru'))
    url, html = get(anon, f'/{lang}/accounts/password/reset/')
    page, lab = write(out, url, html), labels(html)
    task('fill', 'reset', page, f'Ask for a password reset for {EMAIL}.',
         [{'do': 'fill', 'tool_hint': 'reset password', 'values': {lab['email']: EMAIL}}], {'email': EMAIL},
         ci=lang == 'fr')
    url, html = get(signed_in, f'/{lang}/accounts/password/change/')
    page, lab = write(out, url, html), labels(html)
    task('fill', 'change', page, f'Change the password from {pw} to {new_pw}.',
         [{'do': 'fill', 'tool_hint': 'change password', 'values': {lab['oldpassword']: pw, lab['password1']: new_pw,
                                                                   lab['password2']: new_pw}}],
         {'oldpassword': pw, 'password1': new_pw, 'password2': new_pw}, ci=lang in ('es', 'zh-hans'))
    url, html = get(signed_in, f'/{lang}/accounts/email/')
    page, lab = write(out, url, html), labels(html)
    extra = f'ann.{lang}@example.test'
    task('fill', 'email-add', page, f'Add the e-mail address {extra} to the account.',
         [{'do': 'fill', 'tool_hint': 'add e-mail', 'values': {lab['email']: extra}}], {'email': extra})
    url, html = get(signed_in, f'/{lang}/accounts/logout/')
    page = write(out, url, html)
    sign_out = re.sub(r'<[^>]+>', '', re.findall(r'<button[^>]*type="submit"[^>]*>(.*?)</button>', html, re.S)[-1]).strip()
    task('click', 'logout', page, 'Sign out.', [{'do': 'click', 'target': sign_out}], {}, ci=lang == 'pl')
    return tasks


def auth_pages(lang, anon, signed_in, user):
    """Django's own password pages (the admin's registration templates) of one language, and their tasks."""
    out = os.path.join(BENCH, 'sources', 'django-auth', 'web')
    name, tasks = LANGUAGES[lang], []

    def task(what, page, goal, steps, received, ci=False):
        t = {'id': f'django-auth-{what}-{lang}', 'source': 'django-auth', 'page': page, 'kind': 'fill',
             'goal': f'{goal.rstrip(".")} (page in {name}).', 'steps': steps, 'received': received}
        tasks.append({**t, 'ci': True} if ci else t)

    url, html = get(anon, f'/{lang}/admin/password_reset/')
    page, lab = write(out, url, html), labels(html)
    task('reset', page, f'Ask for a password reset for {EMAIL}.',
         [{'do': 'fill', 'tool_hint': 'reset password', 'values': {lab['email']: EMAIL}}], {'email': EMAIL},
         ci=lang == 'it')
    url, html = get(signed_in, f'/{lang}/admin/password_change/')
    page, lab = write(out, url, html), labels(html)
    old, new = f'Old-{lang}-Pass-1184', f'New-{lang}-Pass-9027'
    task('change', page, f'Change the password from {old} to {new}.',
         [{'do': 'fill', 'tool_hint': 'change password',
           'values': {lab['old_password']: old, lab['new_password1']: new, lab['new_password2']: new}}],
         {'old_password': old, 'new_password1': new, 'new_password2': new}, ci=lang in ('ja', 'nl'))
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    url, html = get(anon, f'/{lang}/admin/reset/{uid}/{default_token_generator.make_token(user)}/')
    page, lab = write(out, url, html), labels(html)
    task('new-password', page, f'Set the new password {new}.',
         [{'do': 'fill', 'tool_hint': 'set password', 'values': {lab['new_password1']: new, lab['new_password2']: new}}],
         {'new_password1': new, 'new_password2': new}, ci=lang == 'pt-br')
    return tasks


def main():
    from allauth.account.models import EmailAddress
    call_command('migrate', verbosity=0, interactive=False)
    user = User.objects.create_user(USER, EMAIL, 'render-only-password', is_staff=True)
    EmailAddress.objects.create(user=user, email=EMAIL, primary=True, verified=True)
    EmailAddress.objects.create(user=user, email=SECOND_EMAIL, primary=False, verified=False)
    for source in ('django-allauth', 'django-auth'):
        shutil.rmtree(os.path.join(BENCH, 'sources', source, 'web'), ignore_errors=True)
    allauth_tasks, auth_tasks = [], []
    for lang in LANGUAGES:
        anon, signed_in = Client(), Client()
        signed_in.force_login(user, backend='django.contrib.auth.backends.ModelBackend')
        allauth_tasks += allauth_pages(lang, anon, signed_in)
        auth_tasks += auth_pages(lang, anon, signed_in, user)
    static = os.path.join(os.path.dirname(admin.__file__), 'static', 'admin')
    web = os.path.join(BENCH, 'sources', 'django-auth', 'web', 'static', 'admin')
    shutil.copytree(os.path.join(static, 'css'), os.path.join(web, 'css'))
    os.makedirs(os.path.join(web, 'js'), exist_ok=True)
    shutil.copy(os.path.join(static, 'js', 'nav_sidebar.js'), os.path.join(web, 'js'))
    for name, tasks in (('django-allauth', allauth_tasks), ('django-auth', auth_tasks)):
        with open(os.path.join(BENCH, 'tasks', f'{name}.json'), 'w', encoding='utf-8') as f:
            f.write('[\n' + ',\n'.join('  ' + json.dumps(t, ensure_ascii=False) for t in tasks) + '\n]\n')
    shutil.rmtree(DATA, ignore_errors=True)
    import allauth
    print(f'Django {django.get_version()}, django-allauth {allauth.__version__}: '
          f'{len(allauth_tasks)} + {len(auth_tasks)} tasks in {len(LANGUAGES)} languages', file=sys.stderr)


if __name__ == '__main__':
    main()
