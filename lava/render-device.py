#!/usr/bin/python3
# render-device.py TEMPLATES_DIR DICT JOB OUT - render a device dictionary
# with lava-server's device-type templates and the job's context, as
# lava-server does before it hands the device to lava-run.
import sys

import jinja2
import yaml

templates, dictionary, job, out = sys.argv[1:5]
env = jinja2.Environment(
    loader=jinja2.FileSystemLoader([templates, "/".join(dictionary.split("/")[:-1])]),
    trim_blocks=True, autoescape=False)
with open(job) as f:
    context = yaml.safe_load(f).get("context", {})
text = env.get_template(dictionary.split("/")[-1]).render(**context)
yaml.safe_load(text)
with open(out, "w") as f:
    f.write(text)
