package gateway;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.helger.base.io.iface.IHasInputStream;
import com.helger.collection.commons.CommonsArrayList;
import com.helger.http.header.HttpHeaderMap;
import com.helger.mime.IMimeType;
import com.helger.phase4.attachment.IAS4IncomingAttachmentFactory;
import com.helger.phase4.crypto.AS4CryptoFactoryInMemoryKeyStore;
import com.helger.phase4.crypto.AS4SigningParams;
import com.helger.phase4.duplicate.AS4DuplicateManagerInMemory;
import com.helger.phase4.duplicate.IAS4DuplicateManager;
import com.helger.phase4.incoming.AS4IncomingMessageMetadata;
import com.helger.phase4.incoming.AS4IncomingProfileSelectorConstant;
import com.helger.phase4.incoming.AS4IncomingReceiverConfiguration;
import com.helger.phase4.incoming.AS4RequestHandler;
import com.helger.phase4.incoming.IAS4ResponseAbstraction;
import com.helger.phase4.incoming.crypto.AS4IncomingSecurityConfiguration;
import com.helger.phase4.mgr.AS4ManagerFactoryInMemory;
import com.helger.phase4.mgr.MetaAS4Manager;
import com.helger.phase4.model.pmode.resolve.AS4DefaultPModeResolver;
import com.helger.phase4.profile.peppol.AS4PeppolProfileRegistarSPI;
import com.helger.phase4.profile.peppol.PeppolPMode;
import com.helger.security.certificate.CertificateHelper;
import com.helger.security.certificate.TrustedCAChecker;
import com.helger.security.revocation.CertificateRevocationCheckerDefaults;
import com.helger.security.revocation.ERevocationCheckMode;
import com.helger.servlet.mock.MockServletContext;
import com.helger.web.scope.mgr.WebScopeManager;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A small Peppol access point on phase4: phoss-ap's REST API for the service (submit an SBD, query its
 * status), and an AS4 endpoint that forwards what it receives to the service. Configured only by
 * environment variables (see README.md). The HTTP server is the JDK's own: phase4's request handler
 * needs no servlet container, and one fewer dependency keeps the jar and the start-up small.
 */
public final class Gateway
{
  private static final Logger LOGGER = LoggerFactory.getLogger (Gateway.class);

  /** Everything read from the environment at start-up. */
  record Settings (AS4CryptoFactoryInMemoryKeyStore crypto,
                   TrustedCAChecker caChecker,
                   String seatID,
                   Endpoints endpoints,
                   String forwardUrl,
                   String forwardToken,
                   Duration forwardTimeout,
                   String country,
                   boolean mlsEnabled)
  {}

  private Gateway ()
  {}

  static String env (final String sName, final String sDefault)
  {
    final String s = System.getenv (sName);
    return s == null || s.isBlank () ? sDefault : s.trim ();
  }

  static String required (final String sName)
  {
    final String s = env (sName, null);
    if (s == null)
      throw new IllegalArgumentException ("The environment variable " + sName + " is required");
    return s;
  }

  static X509Certificate parseCertificate (final String sPem) throws Exception
  {
    return (X509Certificate) CertificateFactory.getInstance ("X.509")
                                               .generateCertificate (new ByteArrayInputStream (sPem.getBytes (StandardCharsets.US_ASCII)));
  }

  private static List <X509Certificate> readCertificates (final Path p) throws Exception
  {
    try (InputStream in = Files.newInputStream (p))
    {
      final List <X509Certificate> ret = new CommonsArrayList <> ();
      for (final var c : CertificateFactory.getInstance ("X.509").generateCertificates (in))
        ret.add ((X509Certificate) c);
      if (ret.isEmpty ())
        throw new IllegalArgumentException ("No certificate in " + p);
      return ret;
    }
  }

  public static void main (final String [] args)
  {
    // Idle connections to the service close before the service's own idle limit (Node: 5 s) can
    // close them under a request (the JDK's default keeps them 20 minutes).
    if (System.getProperty ("jdk.httpclient.keepalive.timeout") == null)
      System.setProperty ("jdk.httpclient.keepalive.timeout", "3");
    try
    {
      start ();
    }
    catch (final Exception ex)
    {
      // A configuration mistake is the usual cause: say which, without a stack trace to dig through.
      System.err.println ("gateway: cannot start: " + ex.getMessage ());
      LOGGER.debug ("Start-up failure", ex);
      System.exit (2);
    }
  }

  private static void start () throws Exception
  {
    // phase4 reads its configuration through ph-config, which also looks at system properties.
    System.setProperty ("phase4.manager.inmemory", "true");
    System.setProperty ("global.production", "true");

    final int nPort = Integer.parseInt (required ("GATEWAY_PORT"));
    final String sToken = required ("GATEWAY_TOKEN");
    final Path aDataDir = Path.of (required ("GATEWAY_DATA_DIR"));

    // Keystore with our access point key, and the CA whose access points we talk to.
    final char [] aKsPassword = required ("GATEWAY_KEYSTORE_PASSWORD").toCharArray ();
    final KeyStore aKeyStore = KeyStore.getInstance ("PKCS12");
    try (InputStream in = Files.newInputStream (Path.of (required ("GATEWAY_KEYSTORE"))))
    {
      aKeyStore.load (in, aKsPassword);
    }
    String sAlias = env ("GATEWAY_KEY_ALIAS", null);
    if (sAlias == null)
      sAlias = Collections.list (aKeyStore.aliases ())
                          .stream ()
                          .filter (a -> isKey (aKeyStore, a))
                          .findFirst ()
                          .orElseThrow ( () -> new IllegalArgumentException ("GATEWAY_KEYSTORE holds no private key"));
    final char [] aKeyPassword = env ("GATEWAY_KEY_PASSWORD", new String (aKsPassword)).toCharArray ();
    final X509Certificate aOwnCert = (X509Certificate) aKeyStore.getCertificate (sAlias);

    final List <X509Certificate> aCAs = readCertificates (Path.of (required ("GATEWAY_TRUSTED_CA")));
    final KeyStore aTrustStore = KeyStore.getInstance ("PKCS12");
    aTrustStore.load (null, null);
    for (int i = 0; i < aCAs.size (); i++)
      aTrustStore.setCertificateEntry ("ca" + i, aCAs.get (i));

    // Revocation of access point certificates (OCSP/CRL of the Peppol CA). NONE only for test PKIs.
    final ERevocationCheckMode eRevocation = ERevocationCheckMode.valueOf (env ("GATEWAY_REVOCATION_CHECK", "OCSP_BEFORE_CRL"));
    CertificateRevocationCheckerDefaults.setRevocationCheckMode (eRevocation);
    final TrustedCAChecker aCAChecker = new TrustedCAChecker (aCAs.toArray (new X509Certificate [0]));

    final String sSmp = env ("GATEWAY_SMP_URL", null);
    final String sEndpoints = env ("GATEWAY_ENDPOINTS", null);
    final Endpoints aEndpoints = new Endpoints (sEndpoints == null ? null : Path.of (sEndpoints),
                                                sSmp == null ? null : URI.create (sSmp),
                                                Boolean.parseBoolean (env ("GATEWAY_SMP_VERIFY_SIGNATURE", "true")),
                                                null);
    if (aEndpoints.isEmpty ())
      LOGGER.warn ("Neither GATEWAY_ENDPOINTS nor GATEWAY_SMP_URL is set: every submission fails as an unknown receiver");

    final Settings aSettings = new Settings (new AS4CryptoFactoryInMemoryKeyStore (aKeyStore, sAlias, aKeyPassword, aTrustStore),
                                             aCAChecker,
                                             // Peppol: the AS4 party id is the seat id, the CN of the AP certificate.
                                             CertificateHelper.getSubjectCN (aOwnCert),
                                             aEndpoints,
                                             required ("GATEWAY_FORWARD_URL"),
                                             env ("GATEWAY_FORWARD_TOKEN", null),
                                             Duration.ofSeconds (Long.parseLong (env ("GATEWAY_FORWARD_TIMEOUT_SECONDS", "60"))),
                                             // COUNTRY_C1 of the MLS we originate: ours, from our certificate unless configured.
                                             env ("GATEWAY_COUNTRY", countryOf (aOwnCert)),
                                             !"off".equalsIgnoreCase (env ("GATEWAY_MLS", "on")));

    // phase4 keeps its managers in a global scope. Its own duplicate check is in memory only and answers a
    // re-sent message with an error; Inbound detects duplicates durably and acknowledges them instead.
    MetaAS4Manager.setFactory (new AS4ManagerFactoryInMemory ()
    {
      @Override
      public IAS4DuplicateManager createDuplicateManager ()
      {
        return new AS4DuplicateManagerInMemory ()
        {
          @Override
          public com.helger.base.state.EContinue registerAndCheck (final String sMessageID,
                                                                   final String sProfileID,
                                                                   final String sPModeID)
          {
            return com.helger.base.state.EContinue.CONTINUE;
          }
        };
      }
    });
    WebScopeManager.onGlobalBegin (MockServletContext.create ());

    final Store aOutboundStore = new Store (aDataDir.resolve ("outbound"));
    final Store aInboundStore = new Store (aDataDir.resolve ("inbound"));
    final Outbound aOutbound = new Outbound (aSettings, aOutboundStore);
    final Inbound aInbound = new Inbound (aSettings, aInboundStore, aOutbound);

    final HttpServer aServer = HttpServer.create (new InetSocketAddress ("127.0.0.1", nPort), 64);
    aServer.setExecutor (Executors.newFixedThreadPool (Integer.parseInt (env ("GATEWAY_THREADS", "16"))));
    aServer.createContext ("/health", x -> {
      if (!"GET".equals (x.getRequestMethod ()))
        reply (x, 405, "{\"error\":\"Method not allowed\"}");
      else
        reply (x, 200, "{\"status\":\"ok\"}");
    });
    aServer.createContext ("/api/", x -> handleApi (x, sToken, aOutbound));
    aServer.createContext ("/as4", x -> handleAS4 (x, aSettings, aInbound));
    aServer.start ();
    // The test harness (and operators) wait for this line.
    LOGGER.info ("Gateway " + aSettings.seatID () + " listening on http://127.0.0.1:" + aServer.getAddress ().getPort ());
    System.out.println ("GATEWAY READY port=" + aServer.getAddress ().getPort () + " seat=" + aSettings.seatID ());
    System.out.flush ();
  }

  private static String countryOf (final X509Certificate aCert)
  {
    for (final String sPart : aCert.getSubjectX500Principal ().getName ().split (","))
      if (sPart.trim ().startsWith ("C="))
        return sPart.trim ().substring (2);
    return "ZZ";
  }

  private static boolean isKey (final KeyStore ks, final String sAlias)
  {
    try
    {
      return ks.isKeyEntry (sAlias);
    }
    catch (final Exception ex)
    {
      return false;
    }
  }

  private static void reply (final HttpExchange x, final int nStatus, final String sJson) throws IOException
  {
    final byte [] b = sJson.getBytes (StandardCharsets.UTF_8);
    x.getResponseHeaders ().set ("Content-Type", "application/json");
    x.sendResponseHeaders (nStatus, b.length);
    try (OutputStream out = x.getResponseBody ())
    {
      out.write (b);
    }
  }

  private static boolean tokenMatches (final String sExpected, final String sGiven)
  {
    return sGiven != null &&
           MessageDigest.isEqual (sExpected.getBytes (StandardCharsets.UTF_8), sGiven.getBytes (StandardCharsets.UTF_8));
  }

  private static void handleApi (final HttpExchange x, final String sToken, final Outbound aOutbound) throws IOException
  {
    try (x)
    {
      // As phoss-ap's ApiTokenFilter: every /api/ request needs the token.
      if (!tokenMatches (sToken, x.getRequestHeaders ().getFirst ("X-Token")))
      {
        reply (x, 401, "{\"error\":\"Invalid or missing API token\"}");
        return;
      }
      final String sPath = x.getRequestURI ().getRawPath ();
      final String sMethod = x.getRequestMethod ();
      Outbound.Answer a;
      if (sPath.equals ("/api/outbound/submit-sbd"))
      {
        a = "POST".equals (sMethod) ? aOutbound.submit (x.getRequestBody ().readAllBytes ())
                                    : Outbound.error (405, "Method not allowed");
      }
      else
        if (sPath.startsWith ("/api/outbound/status/") && sPath.length () > "/api/outbound/status/".length ())
        {
          final String sID = URLDecoder.decode (sPath.substring ("/api/outbound/status/".length ()), StandardCharsets.UTF_8);
          a = "GET".equals (sMethod) ? aOutbound.status (sID) : Outbound.error (405, "Method not allowed");
        }
        else
          a = Outbound.error (404, "Not found");
      reply (x, a.status (), a.json ());
    }
    catch (final Exception ex)
    {
      LOGGER.error ("API request failed", ex);
      reply (x, 500, "{\"error\":\"Internal error\"}");
    }
  }

  /** Collects what phase4 answers so that it can be written to the JDK exchange. */
  private static final class Response implements IAS4ResponseAbstraction
  {
    int m_nStatus = 200;
    String m_sMimeType;
    byte [] m_aBytes;
    HttpHeaderMap m_aHeaders;
    IHasInputStream m_aStream;

    public void setContent (final byte [] aBytes, final java.nio.charset.Charset aCharset)
    {
      m_aBytes = aBytes;
    }

    public void setContent (final HttpHeaderMap aHeaderMap, final IHasInputStream aHasIS)
    {
      m_aHeaders = aHeaderMap;
      m_aStream = aHasIS;
    }

    public void setMimeType (final IMimeType aMimeType)
    {
      m_sMimeType = aMimeType.getAsString ();
    }

    public void setStatus (final int nStatusCode)
    {
      m_nStatus = nStatusCode;
    }
  }

  private static void handleAS4 (final HttpExchange x, final Settings aSettings, final Inbound aInbound) throws IOException
  {
    try (x)
    {
      if (!"POST".equals (x.getRequestMethod ()))
      {
        reply (x, 405, "{\"error\":\"Method not allowed\"}");
        return;
      }
      final HttpHeaderMap aHeaders = new HttpHeaderMap ();
      for (final Map.Entry <String, List <String>> e : x.getRequestHeaders ().entrySet ())
        for (final String v : e.getValue ())
          aHeaders.addHeader (e.getKey (), v);
      final AS4IncomingMessageMetadata aMetadata = AS4IncomingMessageMetadata.createForRequest ()
                                                                             .setRemoteAddr (x.getRemoteAddress ()
                                                                                              .getAddress ()
                                                                                              .getHostAddress ())
                                                                             .setRemotePort (x.getRemoteAddress ().getPort ())
                                                                             .setHttpHeaders (aHeaders);
      final Response aResponse = new Response ();
      // What phase4's AS4XServletHandler does, minus the servlet: the Peppol profile, our key and trust store,
      // and our processor instead of the SPIs found on the class path.
      try (AS4RequestHandler aHandler = new AS4RequestHandler (aMetadata))
      {
        final String sProfile = AS4PeppolProfileRegistarSPI.AS4_PROFILE_ID;
        aHandler.setCryptoFactory (aSettings.crypto ());
        aHandler.setPModeResolver (new AS4DefaultPModeResolver (sProfile));
        aHandler.setIncomingProfileSelector (new AS4IncomingProfileSelectorConstant (sProfile, true));
        aHandler.setIncomingAttachmentFactory (IAS4IncomingAttachmentFactory.DEFAULT_INSTANCE);
        final AS4IncomingSecurityConfiguration aSecurity = AS4IncomingSecurityConfiguration.createDefaultInstance ();
        // As phase4's Peppol sender does: the trust store decides, not the subject DN (silences a WSS4J warning).
        final AS4SigningParams aSigning = aSecurity.getSigningParams () != null ? aSecurity.getSigningParams ()
                                                                                : new AS4SigningParams ();
        aSecurity.setSigningParams (aSigning.setSubjectCertConstraints (PeppolPMode.CERTIFICATE_SUBJECT_CONSTRAINT_PATTERN));
        aHandler.setIncomingSecurityConfiguration (aSecurity);
        aHandler.setIncomingReceiverConfiguration (new AS4IncomingReceiverConfiguration ());
        aHandler.setProcessorSupplier ( () -> new CommonsArrayList <> (aInbound));
        aHandler.handleRequest (x.getRequestBody (), aHeaders, aResponse);
      }
      if (aResponse.m_aStream != null)
      {
        for (final Map.Entry <String, com.helger.collection.commons.ICommonsList <String>> e : aResponse.m_aHeaders)
          for (final String v : e.getValue ())
            x.getResponseHeaders ().add (e.getKey (), v);
        final ByteArrayOutputStream aBuf = new ByteArrayOutputStream ();
        try (InputStream in = aResponse.m_aStream.getInputStream ())
        {
          in.transferTo (aBuf);
        }
        aResponse.m_aBytes = aBuf.toByteArray ();
      }
      if (aResponse.m_sMimeType != null)
        x.getResponseHeaders ().set ("Content-Type", aResponse.m_sMimeType);
      final byte [] b = aResponse.m_aBytes == null ? new byte [0] : aResponse.m_aBytes;
      x.sendResponseHeaders (aResponse.m_nStatus, b.length == 0 ? -1 : b.length);
      try (OutputStream out = x.getResponseBody ())
      {
        out.write (b);
      }
    }
    catch (final Exception ex)
    {
      LOGGER.error ("AS4 request failed", ex);
      reply (x, 500, "{\"error\":\"Internal error processing AS4 request\"}");
    }
  }
}
