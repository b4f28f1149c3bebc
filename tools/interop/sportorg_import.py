#!/usr/bin/env python3
"""What SportOrg makes of an IOF XML 3.0 file, as JSON on stdout.

Imports the file with SportOrg's own, unchanged importer (sportorg.modules.iof.iof_xml,
import_from_iof) from a SportOrg checkout, lets SportOrg compute its places
(ResultCalculation) and writes the race back with SportOrg's own IOF exporter, then prints
{"ok", "error", "export_error", "persons": [...], "groups": [...], "organizations": [...]}.
A person: family, given, middle, group, organization, bib, start, and from its result (when
the file made one) finish, status and place (-1 or null: no place).

Usage: sportorg_import.py FILE.xml   (SPORTORG_SRC: the checkout, default
/work/peers/sportorg+pysport). Needs python3 with lxml and python-dateutil. Exit code 0 also
when SportOrg raised (see "error"); 2 when SportOrg itself cannot be loaded.
Used by packages/server/src/exports/sportorg.test.ts; see docs/interop.md.
"""

import json
import logging
import os
import sys
import tempfile
import traceback
import warnings


def load():
    src = os.environ.get("SPORTORG_SRC", "/work/peers/sportorg+pysport")
    sys.path.insert(0, src)
    from sportorg.models import memory
    from sportorg.models.result.result_calculation import ResultCalculation
    from sportorg.modules.iof import iof_xml

    return memory, ResultCalculation, iof_xml


def text(value):
    return None if value is None else str(value)


def main(path):
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    try:
        memory, ResultCalculation, iof_xml = load()
    except Exception as e:  # noqa: BLE001 - report why SportOrg cannot run here
        print(json.dumps({"unavailable": f"{type(e).__name__}: {e}"}))
        return 2
    memory.new_event([memory.Race()])
    out = {"ok": True, "error": None, "export_error": None}
    try:
        iof_xml.import_from_iof(path)
        ResultCalculation(memory.race()).process_results()
    except Exception as e:  # noqa: BLE001 - the point is to report it
        out["ok"] = False
        out["error"] = f"{type(e).__name__}: {e}"
        out["traceback"] = traceback.format_exc(limit=-3)
    r = memory.race()
    results = {}
    for res in r.results:
        if res.person is not None:
            results[id(res.person)] = res
    persons = []
    for p in r.persons:
        res = results.get(id(p))
        persons.append(
            {
                "family": text(p.surname),
                "given": text(p.name),
                "middle": text(getattr(p, "middle_name", None)),
                "group": text(p.group.name) if p.group else None,
                "organization": text(p.organization.name) if p.organization else None,
                "bib": p.bib,
                "start": text(p.start_time) if p.start_time else None,
                "finish": text(res.finish_time) if res else None,
                "status": res.status.name if res else None,
                "place": res.place if res else None,
            }
        )
    out["persons"] = persons
    out["groups"] = [text(g.name) for g in r.groups]
    out["organizations"] = [text(o.name) for o in r.organizations]
    if out["ok"]:
        # SportOrg writing the imported race back: a group named None crashes here.
        with tempfile.TemporaryDirectory() as d:
            try:
                iof_xml.export_result_list(os.path.join(d, "back.xml"), creator="harness")
            except Exception as e:  # noqa: BLE001
                out["export_error"] = f"{type(e).__name__}: {e}"
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    sys.exit(main(sys.argv[1]))
