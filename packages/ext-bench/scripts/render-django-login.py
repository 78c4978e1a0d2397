"""Renders Django's admin sign-in page in several languages from Django's own template and locale
files, into sources/django-admin/web/<lang>/index.html (committed; see sources/django-admin/SOURCE.md).

Run with a Python that has Django (Debian: apt-get install python3-django; 3.2.25 was used):
    /usr/bin/python3 scripts/render-django-login.py
"""
import os
import shutil
import sys

import django
from django.conf import settings

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'sources', 'django-admin', 'web')
LANGUAGES = ['en', 'es', 'de', 'ja', 'fr', 'pt-br', 'ru', 'it', 'nl', 'pl', 'zh-hans', 'ar']

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=['testserver'],
    SECRET_KEY='render-only',
    ROOT_URLCONF=__name__,
    USE_I18N=True,
    INSTALLED_APPS=['django.contrib.admin', 'django.contrib.auth', 'django.contrib.contenttypes',
                    'django.contrib.sessions', 'django.contrib.messages'],
    TEMPLATES=[{'BACKEND': 'django.template.backends.django.DjangoTemplates', 'APP_DIRS': True,
                'OPTIONS': {'context_processors': ['django.template.context_processors.request',
                                                   'django.template.context_processors.csrf',
                                                   'django.contrib.auth.context_processors.auth',
                                                   'django.contrib.messages.context_processors.messages']}}],
    STATIC_URL='/static/',
    DATABASES={},
)
django.setup()

from django.contrib import admin  # noqa: E402
from django.contrib.auth.models import AnonymousUser  # noqa: E402
from django.test import RequestFactory  # noqa: E402
from django.urls import path  # noqa: E402
from django.utils import translation  # noqa: E402

urlpatterns = [path('admin/', admin.site.urls)]


def render(lang):
    with translation.override(lang):
        request = RequestFactory().get('/admin/login/', {'next': '/admin/'})
        request.user = AnonymousUser()
        request.LANGUAGE_CODE = lang
        response = admin.site.login(request)
        response.render()
        return response.content.decode('utf-8')


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    for lang in LANGUAGES:
        os.makedirs(os.path.join(OUT, lang), exist_ok=True)
        with open(os.path.join(OUT, lang, 'index.html'), 'w', encoding='utf-8') as f:
            f.write(render(lang))
    static = os.path.join(os.path.dirname(admin.__file__), 'static', 'admin', 'css')
    shutil.copytree(static, os.path.join(OUT, 'static', 'admin', 'css'))
    print(f'Django {django.get_version()}: {len(LANGUAGES)} sign-in pages in {os.path.normpath(OUT)}', file=sys.stderr)


if __name__ == '__main__':
    main()
