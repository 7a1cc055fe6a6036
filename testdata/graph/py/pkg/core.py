import os
from .util import helper
from . import models


def run():
    return helper(os.getcwd())
