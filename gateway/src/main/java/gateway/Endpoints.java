package gateway;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.HashMap;
import java.util.Map;

import com.helger.json.IJson;
import com.helger.json.IJsonObject;
import com.helger.json.serialize.JsonReader;
import com.helger.peppolid.IParticipantIdentifier;
import com.helger.peppolid.peppol.PeppolIdentifierHelper;
import com.helger.phase4.dynamicdiscovery.AS4EndpointDetailProviderConstant;
import com.helger.phase4.dynamicdiscovery.AS4EndpointDetailProviderPeppol;
import com.helger.phase4.dynamicdiscovery.IAS4EndpointDetailProvider;
import com.helger.smpclient.peppol.SMPClientReadOnly;

/**
 * Finds where a receiver's documents go: first the fixed table of GATEWAY_ENDPOINTS (participant id →
 * access point URL and certificate), then, when GATEWAY_SMP_URL is set, that SMP. Returns null when the
 * receiver is known to neither, which the sender reports as a permanent failure.
 */
final class Endpoints
{
  record Endpoint (String url, X509Certificate certificate)
  {}

  private final Map <String, Endpoint> m_aTable = new HashMap <> ();
  private final URI m_aSmpUrl;
  private final boolean m_bVerifySmpSignature;
  private final KeyStore m_aSmpTrustStore;

  Endpoints (final Path aTableFile, final URI aSmpUrl, final boolean bVerifySmpSignature, final KeyStore aSmpTrustStore)
             throws Exception
  {
    m_aSmpUrl = aSmpUrl;
    m_bVerifySmpSignature = bVerifySmpSignature;
    m_aSmpTrustStore = aSmpTrustStore;
    if (aTableFile != null)
    {
      final IJsonObject aTable = JsonReader.builder ().source (aTableFile).readAsObject ();
      if (aTable == null)
        throw new IllegalArgumentException ("GATEWAY_ENDPOINTS " + aTableFile + " is not a JSON object");
      for (final Map.Entry <String, IJson> e : aTable.getAll ().entrySet ())
      {
        final IJsonObject o = e.getValue ().getAsObject ();
        if (o == null || o.getAsString ("url") == null || o.getAsString ("certificate") == null)
          throw new IllegalArgumentException ("GATEWAY_ENDPOINTS entry '" + e.getKey () + "' needs 'url' and 'certificate'");
        String sPem = o.getAsString ("certificate");
        if (!sPem.contains ("-----BEGIN"))
          sPem = Files.readString (aTableFile.resolveSibling (sPem));
        m_aTable.put (normalize (e.getKey ()), new Endpoint (o.getAsString ("url"), Gateway.parseCertificate (sPem)));
      }
    }
  }

  /** Table keys may omit the usual participant scheme and are compared case-insensitively, as Peppol ids are. */
  private static String normalize (final String sParticipant)
  {
    final String s = sParticipant.trim ().toLowerCase (java.util.Locale.ROOT);
    return s.contains ("::") ? s : PeppolIdentifierHelper.DEFAULT_PARTICIPANT_SCHEME + "::" + s;
  }

  boolean isEmpty ()
  {
    return m_aTable.isEmpty () && m_aSmpUrl == null;
  }

  /** The endpoint provider for the phase4 sender, or null when the receiver is unknown. */
  IAS4EndpointDetailProvider providerFor (final IParticipantIdentifier aReceiver)
  {
    final Endpoint e = m_aTable.get (normalize (aReceiver.getURIEncoded ()));
    if (e != null)
      return new AS4EndpointDetailProviderConstant (e.certificate (), e.url ());
    if (m_aSmpUrl == null)
      return null;
    final SMPClientReadOnly aSmp = new SMPClientReadOnly (m_aSmpUrl);
    aSmp.setVerifySignature (m_bVerifySmpSignature);
    if (m_aSmpTrustStore != null)
      aSmp.setTrustStore (m_aSmpTrustStore);
    return AS4EndpointDetailProviderPeppol.create (aSmp);
  }
}
