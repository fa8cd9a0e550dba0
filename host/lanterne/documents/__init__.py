"""The documents generator: everything in hardware/ that is made from the board profiles.

A build tool beside the `lanterne` commands (`make hardware`, `python -m lanterne.documents`),
one module a job:

- `boards`: where hardware/ is, loading its profiles, what every document reads from one
- `power`: the firmware's current estimate and limiter per profile; POWER.md and power blocks
- `pins`: the Pico's pins each profile uses, and WIRING.md's pin table
- `bom`: BOM.md's parts lists
- `problems`: the proof every profile must pass (`profile_problems`)
- `images`: the LED maps and game layouts Pillow draws
- `schematic`: the wiring schematic (schemdraw; SVG and PNG)
- `template`: the 1:1 drilling templates (SVG and DXF) and the sizes table
- `markdown`: tables, and filling the generated blocks of hand-written documents
- `staleness`: comparing the committed files with fresh ones, writing what changed
- `build`: every generated file together, and the command line
"""
