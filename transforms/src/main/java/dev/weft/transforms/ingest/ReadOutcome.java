package dev.weft.transforms.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.SourceDocument;
import java.io.Serializable;

/** What reading one source item gave: a decoded document, or a refusal with its reason. */
public sealed interface ReadOutcome extends Serializable {
  record Read(SourceDocument document) implements ReadOutcome {}

  record Refused(DeadLetter deadLetter) implements ReadOutcome {}
}
