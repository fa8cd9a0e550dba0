"""`python -m lanterne`: the same as the `lanterne` command."""

from lanterne.cli import main

if __name__ == "__main__":
    main(prog_name="lanterne")
