"""`medtrust pack LOGS... --out DIR` and `medtrust verify PACK` (docs/evidence.md).

    medtrust pack runs --criteria board.toml --judge-calibration cal.json --labels labels.jsonl --out evidence
    medtrust pack runs --out evidence --sign-key ~/keys/board-ed25519.pem
    medtrust verify evidence.tar.gz --public-key board-ed25519.pub.pem

`pack` exits 2 on a usage error (missing input, a pack already there, an unusable key) and 1
when the pack would carry restricted data or a model card does not validate; nothing is left
behind either way. `verify` prints one line per problem, naming the file, and exits 1 when
there is any, 2 when the path is not a pack.
"""

from __future__ import annotations

import sys

import click


@click.command("pack")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--out", "-o", required=True, type=click.Path(), help="Pack folder to create; the archive is <out>.tar.gz (neither may exist).")
@click.option("--criteria", default=None, help="The board's criteria TOML ('example' = the shipped one), as `medtrust report --criteria`.")
@click.option("--judge-calibration", "calibration", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="judge-eval JSON (repeatable), as `medtrust report --judge-calibration`.")
@click.option("--force-calibration", is_flag=True,
              help="Apply a calibration to models whose responses it was not measured on, with a warning (as `medtrust report`).")
@click.option("--labels", multiple=True, type=click.Path(exists=True, dir_okay=False), help="`medtrust label` file (repeatable).")
@click.option("--data", "data_files", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Data file to list by sha256 (repeatable; never copied).")
@click.option("--title", default=None, help="Report title.")
@click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed (as `medtrust report`).")
@click.option("--latest", is_flag=True, help="Only the newest run of each model and benchmark (as `medtrust report --latest`).")
@click.option("--sign-key", type=click.Path(dir_okay=False), default=None, help="Ed25519 private key file to sign the manifest with.")
@click.option("--sign-key-env", default=None, help="Name of an environment variable holding the Ed25519 private key.")
@click.option("--sign-key-passphrase-env", default=None, help="Name of an environment variable holding an encrypted PEM key's passphrase.")
@click.option("--deviations", type=click.Path(exists=True, dir_okay=False), default=None,
              help="medtrust's docs/deviations.md (default: the one beside the installed source, when present).")
def pack_command(paths: tuple[str, ...], out: str, criteria: str | None, calibration: tuple[str, ...], force_calibration: bool, labels: tuple[str, ...],
                 data_files: tuple[str, ...], title: str | None, seed: int, latest: bool, sign_key: str | None, sign_key_env: str | None,
                 sign_key_passphrase_env: str | None, deviations: str | None) -> None:  # fmt: skip
    """Write an evidence pack: logs, criteria, calibration, labels, summaries, report, model card, Annex IV, manifest."""
    from medtrust.evidence.pack import PackError, build_pack
    from medtrust.evidence.signing import SigningError, load_private_key
    from medtrust.invocation import command_line
    from medtrust.report.criteria import CriteriaError

    key = None
    if sign_key is not None or sign_key_env is not None:
        try:  # before any work: a bad key costs nothing
            key = load_private_key(file=sign_key, env=sign_key_env, passphrase_env=sign_key_passphrase_env)
        except SigningError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
    elif sign_key_passphrase_env is not None:
        click.echo("error: --sign-key-passphrase-env needs --sign-key or --sign-key-env", err=True)
        sys.exit(2)
    try:
        res = build_pack(paths, out, criteria=criteria, calibration=calibration, force_calibration=force_calibration, labels=labels,
                         data_files=data_files, title=title,
                         seed=seed, latest=latest, sign_key=key, deviations=deviations, command_line=command_line())  # fmt: skip
    except CriteriaError as e:
        raise click.ClickException(str(e)) from None
    except PackError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(1 if "restricted" in str(e) or "model card" in str(e) else 2)
    except (FileNotFoundError, ValueError) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except OSError as e:
        click.echo(f"error: cannot write the pack ({e.strerror or e}: {e.filename or out})", err=True)
        sys.exit(1)
    finally:
        del key
    click.echo(f"Pack: {res.folder}  ({len(res.stored)} files)")
    click.echo(f"Archive: {res.archive}")
    click.echo(f"Merkle root: {res.root}")
    click.echo(f"Signed by: {res.key_id}" if res.key_id else "Not signed (--sign-key or --sign-key-env to sign).")
    for path, why in res.referenced.items():
        click.echo(f"  by hash only: {path}: {why}")


@click.command("verify")
@click.argument("pack", type=click.Path(exists=True))
@click.option("--public-key", default=None, help="The signer's Ed25519 public key (PEM or OpenSSH file, or hex/base64): the pack must be signed by it.")
@click.option("--require-signature", is_flag=True, help="An unsigned pack fails.")
@click.option("--expect-root", default=None, help="The Merkle root recorded elsewhere (e.g. the board's minutes).")
@click.option("--originals", multiple=True, type=click.Path(exists=True, file_okay=False),
              help="Folder holding originals of files listed by hash only (logs with restricted data, data files); repeatable.")
def verify_command(pack: str, public_key: str | None, require_signature: bool, expect_root: str | None, originals: tuple[str, ...]) -> None:
    """Check an evidence pack: every file's sha256, the Merkle root, the signature; names each changed file."""
    from medtrust.evidence.signing import SigningError
    from medtrust.evidence.verify import VerifyError, verify_pack

    try:
        res = verify_pack(pack, public_key=public_key, require_signature=require_signature, expect_root=expect_root, originals=originals)
    except (VerifyError, SigningError) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    for p in res.problems:
        click.echo(str(p))
    for path, note in res.referenced.items():
        click.echo(f"{'BY HASH':<10} {path}: {note}")
    click.echo(f"Merkle root: {res.root}")
    click.echo(f"Signature: {res.signature}")
    if res.ok:
        click.echo(f"OK: {len(res.checked)} files match the manifest.")
    else:
        click.echo(f"FAILED: {len(res.problems)} problem(s); {len(res.checked)} files match.", err=True)
        sys.exit(1)
