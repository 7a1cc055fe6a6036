package dev.weft.transforms.dataset;

import dev.weft.context.DeadLetter;

/** A dataset line or row read: a record, or a dead letter naming what was wrong with it. */
public sealed interface RecordOutcome {
  record Valid(DatasetRecord record) implements RecordOutcome {}

  record Invalid(DeadLetter deadLetter) implements RecordOutcome {}
}
