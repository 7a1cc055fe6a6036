from pkg.core import run


class User:
    def start(self):
        return run()
