def helper(value):
    return value
