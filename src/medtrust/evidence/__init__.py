"""Evidence packs: a report's inputs and outputs in one verifiable folder and archive (docs/evidence.md).

- :mod:`.pack`: `medtrust pack` (logs, criteria, calibration, labels, summaries, the report,
  the CHAI model card, the Annex IV document, pack.json, the manifest, an optional signature);
- :mod:`.verify`: `medtrust verify` (every hash, the Merkle root, the signature; each changed file named);
- :mod:`.merkle`, :mod:`.signing` (Ed25519 through `cryptography`), :mod:`.restricted_content`
  (no restricted text or image in a pack), :mod:`.model_card` (CHAI Applied Model Card v0.2),
  :mod:`.annex_iv` (EU AI Act Annex IV sections).
"""
