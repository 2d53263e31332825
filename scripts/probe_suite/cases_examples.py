"""Cases, neighbours: malformed --examples files."""

from .runner import run
from .judge import verdict
from .fixtures import generate_args
from .registry import case


def examples_file_case(label, content):
    def fn(env, fx):
        r = run(env, "guided", generate_args(fx, fx.dead, "--examples", env.file("examples.json", content)))
        if label == "nul-in-string":  # an escaped NUL is valid JSON: refusing it or using it are both right
            return verdict(r, rc={2, 3})
        return verdict(r, rc=2, err=r"examples\.json.*error")
    return fn


for _label, _content in [
        ("not-an-array", '{"input":"x","output":{"text":"y"}}'),
        ("item-missing-output", '[{"input":"x","facts":[]}]'),
        ("output-breaks-schema", '[{"input":"x","facts":[],"output":{"text":5}}]'),
        ("facts-not-strings", '[{"input":"x","facts":[1,2],"output":{"text":"y"}}]'),
        ("unknown-key", '[{"input":"x","output":{"text":"y"},"outptu":1}]'),
        ("nul-in-string", '[{"input":"x\\u0000y","output":{"text":"y"}}]')]:
    case("syntax", "examples-" + _label, "--examples file: " + _label.replace("-", " "))(
        examples_file_case(_label, _content))


@case("syntax", "examples-directory", "--examples names a directory")
def _(env, fx):
    r = run(env, "guided", generate_args(fx, fx.dead, "--examples", env.dir()))
    return verdict(r, rc=2, err=r"directory")


@case("syntax", "examples-100k-items", "--examples with 100,000 valid items")
def _(env, fx):
    items = [{"input": "Note %d" % i, "facts": ["Fact %d" % i], "output": {"text": "Text %d" % i}}
             for i in range(100000)]
    r = run(env, "guided", generate_args(fx, fx.dead, "--examples", env.json("examples.json", items)))
    return verdict(r, rc={2, 3}, seconds=20)
