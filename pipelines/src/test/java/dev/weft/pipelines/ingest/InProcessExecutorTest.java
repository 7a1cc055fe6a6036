package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.index.CorpusIndex;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import dev.weft.transforms.ingest.CorpusLister;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.ListedFile;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InProcessExecutorTest {
  @TempDir Path tmp;

  /** The commit runs on one thread: the workers, two cores between them, leave it no buffered segment to write. */
  @Test
  void theWorkersWriteTheBufferedSegmentsBeforeTheCommit() {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Router router = Router.defaults();
    List<String> paths = new CorpusLister(router, null).list(root).stream().map(ListedFile::path).toList();
    FileProcessor processor = new FileProcessor(root.toString(), router, SourceReader.withDefaults(),
        IngestStamp.CURRENT);
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(tmp.resolve("index")));
        IndexUpdate update = index.beginUpdate(UpdateOptions.of(root.toString(), IngestStamp.CURRENT))) {
      ChunkRun run = new InProcessExecutor(2).run(paths, processor, update, Set.of(), IngestProgress.NONE, null, 1,
          null);

      assertThat(run.chunks()).isPositive();
      assertThat(update.bufferedDocs()).isZero();
    }
  }
}
