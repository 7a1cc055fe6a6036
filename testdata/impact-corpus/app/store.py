"""A key-value store."""


def _normalize(key):
    if not key or len(key) > 64:
        raise ValueError("bad key")
    return key.strip().lower()


class Store:
    def __init__(self):
        self.items = {}

    def put(self, key, value):
        self.items[_normalize(key)] = value
