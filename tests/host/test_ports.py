"""`lanterne ports` and `--port auto`: marking Picos, never choosing silently between boards."""

import pytest
from click.testing import CliRunner
from lanterne.cli import main
from lanterne.device import DeviceError, choose_port, describe, is_pico
from serial.tools.list_ports_common import ListPortInfo


def port(device, vid=None, pid=None, product=None):
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid, info.product = vid, pid, product
    return info


PICO_A = port("/dev/ttyACM0", 0x2E8A, 0x0005, "Board in FS mode")
PICO_B = port("/dev/ttyACM1", 0x2E8A, 0x0005, "Board in FS mode")
OTHER = port("/dev/ttyUSB0", 0x10C4, 0xEA60, "CP2102")


def test_pico_is_recognised_by_vendor_id():
    assert is_pico(PICO_A) and not is_pico(OTHER) and not is_pico(port("/dev/ttyS0"))
    assert "2e8a:0005" in describe(PICO_A) and "/dev/ttyACM0" in describe(PICO_A)


def test_explicit_port_is_used_as_given():
    assert choose_port("/tmp/whatever", ports=[]) == "/tmp/whatever"


def test_auto_takes_the_only_pico_among_other_ports():
    assert choose_port("auto", ports=[OTHER, PICO_B]) == "/dev/ttyACM1"


def test_auto_without_any_port_says_so():
    with pytest.raises(DeviceError, match="no device found"):
        choose_port("auto", ports=[])


def test_auto_with_only_non_pico_ports_names_them():
    with pytest.raises(DeviceError, match="no Pico found.*/dev/ttyUSB0"):
        choose_port("auto", ports=[OTHER])


def test_auto_with_several_picos_refuses_without_a_terminal():
    with pytest.raises(DeviceError, match="several devices: /dev/ttyACM0, /dev/ttyACM1"):
        choose_port("auto", ports=[PICO_A, PICO_B], interactive=False)


def test_auto_with_several_picos_asks_which():
    asked = []

    def ask():
        asked.append(True)
        return 2

    assert choose_port("auto", ports=[PICO_A, PICO_B], interactive=True, ask=ask) == "/dev/ttyACM1"
    assert asked == [True]


def test_ports_command_runs_and_counts():
    result = CliRunner().invoke(main, ["ports"])
    assert result.exit_code == 0, result.output
    assert "Pico board" in result.output or "no serial ports found" in result.output


def test_every_command_has_help():
    runner = CliRunner()
    for name in ("ports", "flash", "test", "log", "send", "replay", "watch"):
        result = runner.invoke(main, [name, "--help"])
        assert result.exit_code == 0, result.output
        assert "Usage: " in result.output and len(result.output.splitlines()) > 4
