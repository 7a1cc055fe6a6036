import pkg.core
from pkg.models import user
import requests

# import notthis


def main():
    return pkg.core.run(), user, requests
