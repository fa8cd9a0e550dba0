"""`python -m lanterne.documents` (`make hardware`): regenerate hardware/; `--check`, `--json`."""

import sys

from lanterne.documents.build import main

sys.exit(main())
