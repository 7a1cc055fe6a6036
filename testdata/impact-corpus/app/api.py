from app.store import Store


def handler(store, key, value):
    """Stores a value; keys go through _normalize inside the store."""
    store.put(key, value)
    return "ok"
