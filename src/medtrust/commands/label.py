"""``medtrust label``: people label a small, well-chosen sample of a run's responses in the browser.

    medtrust label runs/ --task judge --n 100 --out labels.jsonl            # draw the sample, serve the page
    medtrust label runs/ --out labels.jsonl --labeller bob                  # resume / a second person, same file
    medtrust label labels.jsonl --out labels-bob.jsonl --labeller bob       # same sample, separate file
    medtrust label labels.jsonl labels-bob.jsonl --status                   # progress and inter-rater kappa

Then ``medtrust judge-eval --labels labels.jsonl --json-out cal.json`` measures every judge on
these responses (design-weighted) and ``--judge-calibration cal.json`` corrects the run's rates.
docs/labelling.md describes the page, the sampling design and the file.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import click

from medtrust.benchmarks.registry import BENCHMARKS
from medtrust.labelling import TASK_LABELS


def task_help() -> str:
    """``--task`` help: each task's labels and the registered benchmarks' items for it."""
    parts = []
    for task, labels in TASK_LABELS.items():
        words = [b.labelling.tasks[task] for b in BENCHMARKS if b.labelling and task in b.labelling.tasks]
        parts.append(f"{task}: {'/'.join(labels).replace('_', ' ')}" + (f" ({', '.join(words)})" if words else ""))
    return "; ".join(parts) + "."


def _status(paths: list[str]) -> None:
    from medtrust.label.store import labeller_agreement, read_stores

    store = read_stores(paths)
    d = store.design
    click.echo(f"Sample: task {d['task']}, {len(store.items)} items from {d['population']['size']} "
               f"(stratified by {', '.join(d['stratify_by'])}; {len(d['strata'])} strata)")  # fmt: skip
    names = store.labellers()
    if not names:
        click.echo("No labels yet.")
        return
    for n in names:
        p = store.progress(n)
        click.echo(f"  {n:<20} {p['done']:>5} / {p['total']} labelled")
    ag = labeller_agreement(store)
    for pair in ag["pairs"]:
        kappa = "n/a" if pair["kappa"] is None else f"{pair['kappa']:.3f}"
        agree = "n/a" if pair["agreement"] is None else f"{pair['agreement']:.3f}"
        click.echo(f"  {pair['a']} vs {pair['b']}: {pair['n']} items both labelled, agreement {agree}, Cohen's kappa {kappa}")
    if ag["fleiss_kappa"] is not None:
        click.echo(f"  Fleiss' kappa ({len(names)} labellers, {ag['fleiss_n']} items): {ag['fleiss_kappa']:.3f}")


@click.command("label")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--task", type=click.Choice(list(TASK_LABELS)), default="judge", show_default=True, help=task_help())
@click.option("--n", "n", type=click.IntRange(min=1), default=100, show_default=True, help="Items to draw (the whole population when smaller).")
@click.option("--model", "model", default=None,
              help="Draw from this model's logs only (fnmatch pattern). Without it, several models each get their own share and strata.")
@click.option("--out", default="labels.jsonl", show_default=True, type=click.Path(dir_okay=False),
              help="Labels file (JSONL). An existing file is resumed: its sample is kept.")  # fmt: skip
@click.option("--labeller", default="labeller", show_default=True, help="Your name in the labels file (a page URL may add &labeller=NAME).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind; anything but loopback shares the page on purpose.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True, help="Port (0 = a free one).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sample and its order.")
@click.option("--calibration", type=click.Path(exists=True, dir_okay=False), default=None,
              help="judge-eval JSON of an earlier round: its per-verdict error rates steer the allocation.")  # fmt: skip
@click.option("--image-root", multiple=True, type=click.Path(exists=True, file_okay=False),
              help="Folder images may be shown from (the only ones: folders a log records are not trusted on its word).")  # fmt: skip
@click.option("--allow-remote-restricted", is_flag=True,
              help="Serve items of restricted data (MIMIC-CXR ...) on a --host other than loopback, if your data-use agreement permits it.")  # fmt: skip
@click.option("--status", is_flag=True, help="Print progress and inter-rater kappa of the labels file(s) and exit.")
def label_command(paths: tuple[str, ...], task: str, n: int, model: str | None, out: str, labeller: str, host: str, port: int, seed: int,
                  calibration: str | None, image_root: tuple[str, ...], allow_remote_restricted: bool, status: bool) -> None:  # fmt: skip
    """Serve a local page where people label a stratified sample of LOG_DIR_OR_FILES (or of a labels file's sample)."""
    from medtrust.data.records import DataError
    from medtrust.label.items import read_items, restricted_count, served_image_roots, unserved_image_roots
    from medtrust.label.sampling import draw
    from medtrust.label.server import LabelServer, is_loopback_bind
    from medtrust.label.store import LabelStore, LabelWriteError, check_labeller, is_label_file

    def check_host(items: list) -> None:
        # restricted data stays on this machine: its page is not shared on the network
        k = restricted_count(items)
        if k and not is_loopback_bind(host) and not allow_remote_restricted:
            raise click.ClickException(
                f"refusing to serve {k} item(s) of restricted data on --host {host or '(all interfaces)'}: anyone on the network "
                "could read them. Bind to 127.0.0.1 (the default), or pass --allow-remote-restricted if your data-use agreement "
                "permits showing them to others.")  # fmt: skip

    label_files = [p for p in paths if is_label_file(p)]
    try:
        if status:
            files = label_files or ([out] if Path(out).exists() else [])
            if not files:
                raise click.UsageError("--status needs a labels file (as PATH or --out)")
            _status(files)
            return
        check_labeller(labeller)
        if Path(out).exists() and Path(out).stat().st_size > 0:
            store = LabelStore.open(out)
            check_host(store.items)
            if store.design["task"] != task:
                click.echo(f"note: {out} holds a '{store.design['task']}' sample; resuming it (--task {task} ignored)", err=True)
            log_files = [p for p in paths if p not in label_files]
            if log_files:
                from medtrust.data.records import sha256_file
                from medtrust.logs import find_logs

                known = {lg["sha256"] for lg in store.design["population"]["logs"]}
                other = [f.name for f in find_logs(log_files) if sha256_file(f) not in known]
                if other:
                    click.echo(f"note: {out} was drawn from other logs; resuming its own sample ({len(other)} log(s) not in it)", err=True)
            click.echo(f"Resuming {out}: {store.progress(labeller)['done']} of {len(store.items)} labelled by {labeller}")
        elif label_files:
            source = LabelStore.open(label_files[0])
            check_host(source.items)
            store = LabelStore.create(out, source.design)
            click.echo(f"New labels file {out} for the sample of {label_files[0]} ({len(store.items)} items)")
        else:
            items = read_items(paths, task, image_roots=image_root, model=model)
            design = draw(items, n, seed=seed, calibration=calibration)
            check_host(design.items)
            store = LabelStore.create(out, design.as_record())
            click.echo(f"Drew {design.n} of {len(items.items)} items ({sum(i.disagree for i in items.items)} where the automatic judges "
                       f"disagree) into {len(design.strata)} strata by {', '.join(design.stratify_by)}; labels file {out}")  # fmt: skip
            models = design.population["models"]
            click.echo(f"Responses of {models[0]}" if len(models) == 1 else
                       f"Responses of {len(models)} models, each with its own share and strata: " + ", ".join(
                           f"{m} {sum(it['model'] == m for it in design.items)}" for m in models))  # fmt: skip
    except (DataError, ValueError, FileExistsError, LabelWriteError) as e:  # LabelWriteError: e.g. disk full; no file left
        raise click.ClickException(str(e)) from None
    recorded = list(store.design["population"].get("image_roots") or [])
    roots = served_image_roots(recorded, image_root)
    hidden = unserved_image_roots(recorded, image_root)
    if hidden:
        click.echo(f"note: images from {', '.join(hidden)} (recorded in the logs) are shown only if you pass them: "
                   + " ".join(f"--image-root {h}" for h in hidden), err=True)  # fmt: skip
    server = LabelServer(store, host=host, port=port, labeller=labeller, image_roots=roots)
    if not is_loopback_bind(host):
        click.echo(f"warning: bound to {host or 'all interfaces'}: anyone who can reach this address and has the URL can label", err=True)
    click.echo(f"Open {server.url}\n(every label is saved at once; Ctrl-C stops; run the same command to resume)")
    sys.stdout.flush()

    def stop(signum: int, frame: object) -> None:  # SIGTERM stops as cleanly as Ctrl-C
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        click.echo(f"Stopped. {out}: {store.progress(labeller)['done']} of {len(store.items)} labelled by {labeller}")
