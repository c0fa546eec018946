package gateway;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;

import com.helger.json.IJsonObject;
import com.helger.json.serialize.JsonReader;

/**
 * The gateway's durable state: one small JSON file per record, named by the SHA-256 of its key (keys are
 * identifiers chosen by others, so they never become file names directly). A record is written to a
 * temporary file, fsynced and renamed over the old one, and the directory is fsynced: after a
 * {@code kill -9} every record is either the old or the new version, never a torn one.
 */
final class Store
{
  private final Path m_aDir;
  // One lock per key, so that two requests for the same transaction run one after the other.
  private final ConcurrentHashMap <String, Object> m_aLocks = new ConcurrentHashMap <> ();

  Store (final Path aDir) throws IOException
  {
    m_aDir = aDir;
    Files.createDirectories (aDir);
    // Leftovers of a write interrupted by a crash: the rename never happened, so they are garbage.
    try (var aFiles = Files.list (aDir))
    {
      for (final Path p : (Iterable <Path>) aFiles::iterator)
        if (p.getFileName ().toString ().endsWith (".tmp"))
          Files.deleteIfExists (p);
    }
  }

  Object lockFor (final String sKey)
  {
    return m_aLocks.computeIfAbsent (sKey, k -> new Object ());
  }

  static String sha256 (final byte [] aBytes)
  {
    try
    {
      return HexFormat.of ().formatHex (MessageDigest.getInstance ("SHA-256").digest (aBytes));
    }
    catch (final NoSuchAlgorithmException ex)
    {
      throw new IllegalStateException (ex);
    }
  }

  private Path fileOf (final String sKey)
  {
    return m_aDir.resolve (sha256 (sKey.getBytes (StandardCharsets.UTF_8)) + ".json");
  }

  IJsonObject read (final String sKey)
  {
    final Path p = fileOf (sKey);
    if (!Files.exists (p))
      return null;
    return JsonReader.builder ().source (p, StandardCharsets.UTF_8).readAsObject ();
  }

  void write (final String sKey, final IJsonObject aRecord)
  {
    final Path aTarget = fileOf (sKey);
    final Path aTmp = aTarget.resolveSibling (aTarget.getFileName () + "." + Thread.currentThread ().getId () + ".tmp");
    try
    {
      try (FileChannel ch = FileChannel.open (aTmp,
                                             StandardOpenOption.CREATE,
                                             StandardOpenOption.TRUNCATE_EXISTING,
                                             StandardOpenOption.WRITE))
      {
        ch.write (ByteBuffer.wrap (aRecord.getAsJsonString ().getBytes (StandardCharsets.UTF_8)));
        ch.force (true);
      }
      try
      {
        Files.move (aTmp, aTarget, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      }
      catch (final AtomicMoveNotSupportedException ex)
      {
        Files.move (aTmp, aTarget, StandardCopyOption.REPLACE_EXISTING);
      }
      // The rename itself is only durable once the directory entry is on disk.
      try (FileChannel dir = FileChannel.open (m_aDir, StandardOpenOption.READ))
      {
        dir.force (true);
      }
      catch (final IOException ex)
      {
        // Some file systems cannot open a directory for fsync; the rename is still atomic there.
      }
    }
    catch (final IOException ex)
    {
      throw new IllegalStateException ("Cannot write the state file " + aTarget + ": " + ex.getMessage (), ex);
    }
  }
}
