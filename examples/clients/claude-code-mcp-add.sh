claude mcp add weft -- weft mcp --root .
