"""Identifier tokenizing helpers for the search front end."""

import re

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def split_camel_case(identifier):
    """Split a camelCase or PascalCase identifier into lower-case words."""
    return [part.lower() for part in _CAMEL.split(identifier) if part]


class Tokenizer:
    """Turns source identifiers into searchable terms."""

    def __init__(self, keep_original=True):
        self.keep_original = keep_original

    def tokenize(self, identifier):
        """Split snake_case and camelCase names, keeping the whole name too."""
        words = []
        for piece in identifier.split("_"):
            words.extend(split_camel_case(piece))
        if self.keep_original:
            words.append(identifier.lower())
        return words
