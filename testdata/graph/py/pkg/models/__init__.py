from ..util import (
    helper,
)
