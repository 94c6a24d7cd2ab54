"""Judges: the offline Accept/Caution/Refuse judge, judge agreement metrics and
Rogan-Gladen correction of judged rates (see docs/judges.md)."""

from medtrust.judges.offline import LABELS, OFFLINE_JUDGE_VERSION, OfflineVerdict, classify_response

__all__ = ["LABELS", "OFFLINE_JUDGE_VERSION", "OfflineVerdict", "classify_response"]
