// The command-line entry point; the CLI work fills this in.
print("gesturereplay: not yet implemented")
