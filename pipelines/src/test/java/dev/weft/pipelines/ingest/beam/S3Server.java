package dev.weft.pipelines.ingest.beam;

import dev.weft.context.IndexLocation;
import dev.weft.pipelines.ingest.GhostShards;
import dev.weft.transforms.beam.StagedShards;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.domain.PageSet;
import org.jclouds.blobstore.domain.StorageMetadata;
import org.jclouds.blobstore.options.ListContainerOptions;

/**
 * A real S3-protocol server in this JVM: s3proxy (Jetty, the S3 REST API with V4 signatures checked) over jclouds'
 * in-memory blob store, on a free loopback port, with one bucket. Beam's S3 filesystem reaches it as it would reach
 * AWS or MinIO, through the {@link #beamArgs() options} a user passes.
 */
public final class S3Server implements AutoCloseable {
  static final String ACCESS_KEY = "weft-test-access";
  static final String SECRET_KEY = "weft-test-secret";
  static final String REGION = "us-east-1";

  private final BlobStoreContext context;
  private final S3Proxy proxy;
  private final String bucket;

  private S3Server(BlobStoreContext context, S3Proxy proxy, String bucket) {
    this.context = context;
    this.proxy = proxy;
    this.bucket = bucket;
  }

  /** Starts the server (Jetty's start returns once it listens) with an empty {@code bucket}. */
  public static S3Server start(String bucket) throws Exception {
    BlobStoreContext context = ContextBuilder.newBuilder("transient").credentials("unused", "unused")
        .build(BlobStoreContext.class);
    // an IP endpoint, not "localhost": the SDK then addresses buckets by path (http://127.0.0.1:port/bucket/key),
    // as S3-compatible servers without wildcard DNS need, instead of the virtual host bucket.localhost
    S3Proxy proxy = S3Proxy.builder().blobStore(context.getBlobStore()).endpoint(URI.create("http://127.0.0.1:0"))
        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
        // Beam's S3 filesystem sends x-amz-server-side-encryption-bucket-key-enabled on every upload (AWS takes
        // it); s3proxy refuses headers it does not implement unless told to ignore them
        .ignoreUnknownHeaders(true).build();
    try {
      proxy.start();
      if (!"STARTED".equals(proxy.getState())) {
        throw new IllegalStateException("s3proxy did not start: " + proxy.getState());
      }
      context.getBlobStore().createContainerInLocation(null, bucket);
      return new S3Server(context, proxy, bucket);
    } catch (Exception e) {
      proxy.stop();
      context.close();
      throw e;
    }
  }

  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + proxy.getPort());
  }

  /** The Beam options of the S3 filesystem for this server: endpoint, region and static credentials. */
  public List<String> beamArgs() {
    return List.of("--endpoint=" + endpoint(), "--awsRegion=" + REGION,
        "--awsCredentialsProvider={\"@type\":\"StaticCredentialsProvider\",\"accessKeyId\":\"" + ACCESS_KEY
            + "\",\"secretAccessKey\":\"" + SECRET_KEY + "\"}");
  }

  /** The keys of every object in the bucket under {@code prefix}, read from the store behind the server. */
  public List<String> keys(String prefix) {
    BlobStore store = context.getBlobStore();
    List<String> keys = new ArrayList<>();
    ListContainerOptions options = ListContainerOptions.Builder.prefix(prefix).recursive();
    PageSet<? extends StorageMetadata> page = store.list(bucket, options);
    while (true) {
      page.forEach(blob -> keys.add(blob.getName()));
      if (page.getNextMarker() == null) {
        return keys;
      }
      page = store.list(bucket, options.afterMarker(page.getNextMarker()));
    }
  }

  /**
   * Uploads a finished one-file shard ({@code ghost.md}) where a run of {@code index} staging under {@code base}
   * ({@code s3://bucket/prefix/}) and killed before its merge leaves it, through Beam's S3 filesystem with this
   * server's options; returns the run's URI. A run that merged it would serve {@code ghost.md}.
   */
  public String stageKilledRun(Path tmp, String base, Path index) throws IOException {
    String run = base + "weft-" + StagingArea.indexKey(IndexLocation.of(index)) + "/run-1-killed/";
    FileSystems.setDefaultPipelineOptions(PipelineOptionsFactory.fromArgs(beamArgs().toArray(String[]::new))
        .create());
    GhostShards.stage(tmp, run);
    if (StagedShards.completed(StagedShards.directory(run)).size() != 1) {
      throw new IllegalStateException("the killed run's shard was not staged under " + run);
    }
    return run;
  }

  @Override
  public void close() throws Exception {
    try {
      proxy.stop();
    } finally {
      context.close();
    }
  }
}
