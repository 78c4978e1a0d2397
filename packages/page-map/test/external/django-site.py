"""A real Django site for the login tests: Django's own admin sign-in and password pages under
/<lang>/admin/, and django-allauth's account pages (sign in, sign up, password reset and change,
e-mail addresses, sign out) under /<lang>/accounts/, rendered by Django from their own templates
and locale files (Debian's python3-django and python3-django-allauth), in the languages of
LANGUAGES. One staff account, given on the command line (its e-mail: staff@example.test).

Run: python3 django-site.py <data-dir> <username> <password>
Prints the loopback port it listens on, then serves until killed.
"""
import os
import sys

import django
from django.conf import settings

DATA_DIR, USERNAME, PASSWORD = sys.argv[1], sys.argv[2], sys.argv[3]
LANGUAGES = ['en', 'es', 'de', 'ja', 'fr', 'pt-br', 'ru', 'it', 'nl', 'pl', 'zh-hans', 'ko', 'ar']

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=['127.0.0.1', 'localhost'],
    SECRET_KEY='loopback-test-site',
    ROOT_URLCONF=__name__,
    USE_I18N=True,
    LANGUAGE_CODE='en',
    LANGUAGES=[(code, code) for code in LANGUAGES],
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
    DATABASES={'default': {'ENGINE': 'django.db.backends.sqlite3',
                           'NAME': os.path.join(DATA_DIR, 'db.sqlite3')}},
    EMAIL_BACKEND='django.core.mail.backends.locmem.EmailBackend',
    AUTHENTICATION_BACKENDS=['django.contrib.auth.backends.ModelBackend',
                             'allauth.account.auth_backends.AuthenticationBackend'],
    SITE_ID=1,
    ACCOUNT_AUTHENTICATION_METHOD='username_email',
    STATIC_URL='/static/',
    DEFAULT_AUTO_FIELD='django.db.models.AutoField',
)
django.setup()

from django.conf.urls.i18n import i18n_patterns  # noqa: E402
from django.contrib import admin  # noqa: E402
from django.contrib.auth import views as auth_views  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.urls import include, path  # noqa: E402
from wsgiref.simple_server import WSGIRequestHandler, make_server  # noqa: E402

urlpatterns = i18n_patterns(
    path('admin/password_reset/', auth_views.PasswordResetView.as_view(), name='admin_password_reset'),
    path('admin/password_reset/done/', auth_views.PasswordResetDoneView.as_view(), name='password_reset_done'),
    path('admin/reset/<uidb64>/<token>/', auth_views.PasswordResetConfirmView.as_view(),
         name='password_reset_confirm'),
    path('accounts/', include('allauth.urls')),
    path('admin/', admin.site.urls),
)


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


def main():
    call_command('migrate', verbosity=0, interactive=False)
    from allauth.account.models import EmailAddress
    user = User.objects.create_superuser(USERNAME, 'staff@example.test', PASSWORD)
    EmailAddress.objects.create(user=user, email='staff@example.test', primary=True, verified=True)
    server = make_server('127.0.0.1', 0, get_wsgi_application(), handler_class=QuietHandler)
    print(server.server_port, flush=True)
    server.serve_forever()


if __name__ == '__main__':
    main()
