package gateway;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Node;

import com.helger.collection.commons.ICommonsList;
import com.helger.http.header.HttpHeaderMap;
import com.helger.json.IJsonObject;
import com.helger.json.JsonObject;
import com.helger.json.serialize.JsonReader;
import com.helger.peppol.sbdh.PeppolSBDHData;
import com.helger.peppol.sbdh.PeppolSBDHDataReader;
import com.helger.peppolid.IParticipantIdentifier;
import com.helger.peppolid.factory.PeppolIdentifierFactory;
import com.helger.phase4.CAS4;
import com.helger.phase4.attachment.WSS4JAttachment;
import com.helger.phase4.ebms3header.Ebms3Property;
import com.helger.phase4.ebms3header.Ebms3SignalMessage;
import com.helger.phase4.ebms3header.Ebms3UserMessage;
import com.helger.phase4.error.AS4ErrorList;
import com.helger.phase4.incoming.IAS4IncomingMessageMetadata;
import com.helger.phase4.incoming.IAS4IncomingMessageState;
import com.helger.phase4.incoming.spi.AS4MessageProcessorResult;
import com.helger.phase4.incoming.spi.AS4SignalMessageProcessorResult;
import com.helger.phase4.incoming.spi.IAS4IncomingMessageProcessorSPI;
import com.helger.phase4.model.error.EEbmsError;
import com.helger.phase4.model.pmode.IPMode;
import com.helger.security.certificate.ECertificateCheckResult;

/**
 * What happens to an AS4 user message after phase4 has checked its signature (against the trust store,
 * i.e. GATEWAY_TRUSTED_CA) and decrypted it: Peppol checks, duplicate detection, then synchronous
 * forwarding to the service (phoss-ap's HTTP_POST_SYNC contract). Returning success makes phase4 answer
 * with a receipt; any failure becomes an EBMS error instead, so a message is only ever acknowledged once
 * the service has taken it.
 */
final class Inbound implements IAS4IncomingMessageProcessorSPI
{
  /** Put in the error detail of refusals that may succeed later; the sending gateway then keeps the transaction retryable. */
  static final String TEMPORARY_MARKER = "[temporary]";

  /** MLS sent at once; their order does not matter, each names the transmission it answers. */
  private static final int MLS_SENDERS = 8;

  private static final Logger LOGGER = LoggerFactory.getLogger (Inbound.class);

  private final Gateway.Settings m_aSettings;
  private final Store m_aStore;
  private final HttpClient m_aHttp;
  private final Outbound m_aOutbound;
  // MLS go out after the receipt, never delaying it, and side by side: each is an AS4 exchange of its
  // own, and a single sender made every delivery wait for the MLS of the ones before it.
  private final ExecutorService m_aMlsSender = Executors.newFixedThreadPool (MLS_SENDERS, r -> {
    final Thread t = new Thread (r, "mls-sender");
    t.setDaemon (true);
    return t;
  });

  Inbound (final Gateway.Settings aSettings, final Store aStore, final Outbound aOutbound)
  {
    m_aSettings = aSettings;
    m_aStore = aStore;
    m_aOutbound = aOutbound;
    m_aHttp = HttpClient.newBuilder ()
                           // Plain HTTP/1.1: no h2c upgrade attempt towards the service.
                           .version (HttpClient.Version.HTTP_1_1)
                           .connectTimeout (Duration.ofSeconds (10)).build ();
  }

  private static AS4MessageProcessorResult refuse (final AS4ErrorList aErrors,
                                                   final EEbmsError eError,
                                                   final Locale aLocale,
                                                   final String sMessageID,
                                                   final String sDetail)
  {
    LOGGER.warn ("[" + sMessageID + "] refused: " + sDetail);
    aErrors.add (eError.errorBuilder (aLocale).refToMessageInError (sMessageID).errorDetail (sDetail).build ());
    return AS4MessageProcessorResult.createFailure ();
  }

  private static String property (final Ebms3UserMessage aUserMessage, final String sName, final boolean bWithType)
  {
    if (aUserMessage.getMessageProperties () == null)
      return null;
    for (final Ebms3Property p : aUserMessage.getMessageProperties ().getProperty ())
      if (sName.equals (p.getName ()))
        return bWithType && p.getType () != null ? p.getType () + "::" + p.getValue () : p.getValue ();
    return null;
  }

  public AS4MessageProcessorResult processAS4UserMessage (final IAS4IncomingMessageMetadata aMetadata,
                                                          final HttpHeaderMap aHttpHeaders,
                                                          final Ebms3UserMessage aUserMessage,
                                                          final IPMode aPMode,
                                                          final Node aPayload,
                                                          final ICommonsList <WSS4JAttachment> aAttachments,
                                                          final IAS4IncomingMessageState aState,
                                                          final AS4ErrorList aErrors)
  {
    final String sMessageID = aUserMessage.getMessageInfo ().getMessageId ();
    final Locale aLocale = aState.getLocale ();

    // Peppol requires signed and encrypted messages; phase4 has verified both if they are present.
    if (!aState.isSoapSignatureChecked () || aState.getSigningCertificate () == null)
      return refuse (aErrors, EEbmsError.EBMS_FAILED_AUTHENTICATION, aLocale, sMessageID, "The message is not signed");
    if (!aState.isSoapDecrypted ())
      return refuse (aErrors, EEbmsError.EBMS_FAILED_DECRYPTION, aLocale, sMessageID, "The message is not encrypted");
    // WSS4J already checked the chain against the trust store; this also checks validity dates (and revocation if enabled).
    final ECertificateCheckResult eCheck = m_aSettings.caChecker ()
                                                      .checkCertificate (aState.getSigningCertificate (), OffsetDateTime.now ());
    if (eCheck.isInvalid ())
      return refuse (aErrors,
                     EEbmsError.EBMS_FAILED_AUTHENTICATION,
                     aLocale,
                     sMessageID,
                     "The sender's certificate is not a valid access point certificate: " + eCheck.getReason ());

    if (aAttachments == null || aAttachments.size () != 1)
      return refuse (aErrors,
                     EEbmsError.EBMS_OTHER,
                     aLocale,
                     sMessageID,
                     "A Peppol message carries exactly one payload, not " + (aAttachments == null ? 0 : aAttachments.size ()));
    final byte [] aSbd;
    try (InputStream in = aAttachments.getFirstOrNull ().getSourceStream ())
    {
      // The decompressed payload, exactly as the sender's service submitted it.
      aSbd = in.readAllBytes ();
    }
    catch (final Exception ex)
    {
      return refuse (aErrors, EEbmsError.EBMS_DECOMPRESSION_FAILURE, aLocale, sMessageID, "Cannot read the payload: " + ex.getMessage ());
    }
    final PeppolSBDHData aData;
    try
    {
      aData = new PeppolSBDHDataReader (PeppolIdentifierFactory.INSTANCE).extractData (new ByteArrayInputStream (aSbd));
    }
    catch (final Exception ex)
    {
      return refuse (aErrors, EEbmsError.EBMS_OTHER, aLocale, sMessageID, "The payload is not a valid Peppol SBD: " + ex.getMessage ());
    }
    if (aData == null || !aData.hasInstanceIdentifier ())
      return refuse (aErrors, EEbmsError.EBMS_OTHER, aLocale, sMessageID, "The payload is not a valid Peppol SBD");

    // The AS4 envelope and the SBDH must name the same C1 and C4 (Peppol AS4 profile).
    final IParticipantIdentifier aC1 = PeppolIdentifierFactory.INSTANCE.parseParticipantIdentifier (property (aUserMessage,
                                                                                                              CAS4.ORIGINAL_SENDER,
                                                                                                              true));
    final IParticipantIdentifier aC4 = PeppolIdentifierFactory.INSTANCE.parseParticipantIdentifier (property (aUserMessage,
                                                                                                              CAS4.FINAL_RECIPIENT,
                                                                                                              true));
    if (aC1 == null || !aC1.hasSameContent (aData.getSenderAsIdentifier ()))
      return refuse (aErrors, EEbmsError.EBMS_OTHER, aLocale, sMessageID, "originalSender does not match the SBDH sender");
    if (aC4 == null || !aC4.hasSameContent (aData.getReceiverAsIdentifier ()))
      return refuse (aErrors, EEbmsError.EBMS_OTHER, aLocale, sMessageID, "finalRecipient does not match the SBDH receiver");

    final String sC2SeatID = com.helger.security.certificate.CertificateHelper.getSubjectCN (aState.getSigningCertificate ());
    final boolean bIsMls = Mls.isMls (aData);
    if (bIsMls)
    {
      // An MLS about one of our outbound transactions: record it there. It also goes to the service below.
      final Mls.Status aMls = Mls.parse (aData.getBusinessMessageNoClone ());
      if (aMls == null)
        return refuse (aErrors, EEbmsError.EBMS_OTHER, aLocale, sMessageID, "The MLS payload cannot be read");
      if (!m_aOutbound.applyMls (aMls, sC2SeatID))
        LOGGER.warn ("[" + sMessageID + "] MLS " + aMls.code () + " from " + sC2SeatID + " refers to no transaction of ours sent to it: " +
                     aMls.referenceId ());
    }

    final String sInstanceID = aData.getInstanceIdentifier ();
    // Keyed by instance id: the same SBD sent again (new AS4 message or a retry of the same one) is acknowledged
    // without a second delivery. The AS4 message ids seen are recorded with it.
    final String sKey = "inbound:" + sInstanceID;
    synchronized (m_aStore.lockFor (sKey))
    {
      final IJsonObject aSeen = m_aStore.read (sKey);
      if (aSeen != null && "forwarded".equals (aSeen.getAsString ("status")))
      {
        LOGGER.info ("[" + sMessageID + "] duplicate of SBDH " + sInstanceID + " (first AS4 message " +
                     aSeen.getAsString ("as4MessageID") + "): acknowledged, not forwarded again");
        return AS4MessageProcessorResult.createSuccess ();
      }

      final Forwarded aForwarded = forward (aSbd, sInstanceID, sMessageID);
      final String sRefusal = aForwarded.refusal ();
      final JsonObject aRecord = new JsonObject ();
      aRecord.add ("sbdhInstanceID", sInstanceID);
      aRecord.add ("as4MessageID", sMessageID);
      aRecord.add ("senderID", aData.getSenderURIEncoded ());
      aRecord.add ("receiverID", aData.getReceiverURIEncoded ());
      aRecord.add ("c2", sC2SeatID);
      aRecord.add ("receivedDT", Instant.now ().toString ());
      aRecord.add ("status", sRefusal == null ? "forwarded" : "refused");
      if (sRefusal != null)
        aRecord.add ("errorDetails", sRefusal);
      // Written before the receipt goes out: once acknowledged, a re-send is recognised even after a crash.
      m_aStore.write (sKey, aRecord);
      // The final word on this message goes back as an MLS; a temporary refusal is no final word (the sender retries).
      if (!bIsMls && !aForwarded.temporary ())
        sendMlsLater (aData, sC2SeatID, sRefusal == null ? "AP" : "RE", aForwarded.serviceMessage ());
      if (sRefusal != null)
        return refuse (aErrors, EEbmsError.EBMS_OTHER, aLocale, sMessageID, sRefusal);
      return AS4MessageProcessorResult.createSuccess ();
    }
  }

  /**
   * The outcome of forwarding: refusal is null when the service accepted; serviceMessage is the service's
   * own errorMessage of a permanent refusal (it goes into the RE MLS).
   */
  private record Forwarded (String refusal, boolean temporary, String serviceMessage)
  {
    static final Forwarded ACCEPTED = new Forwarded (null, false, null);

    static Forwarded temporary (final String sWhy)
    {
      return new Forwarded (TEMPORARY_MARKER + " " + sWhy + "; retry later", true, null);
    }
  }

  /**
   * Queues the MLS for a message we received: to its MLS_TO when that names the sending access point's
   * service provider, else to the sending access point's own SPID (0242 + the main id of its seat id).
   */
  private void sendMlsLater (final PeppolSBDHData aData, final String sC2SeatID, final String sCode, final String sReason)
  {
    if (!m_aSettings.mlsEnabled ())
      return;
    if ("AP".equals (sCode) && aData.getMLSType () == com.helger.peppol.sbdh.EPeppolMLSType.FAILURE_ONLY)
      return;
    final String sC2Main = Mls.mainId (sC2SeatID);
    if (sC2Main == null)
      return;
    String sReceiver = Mls.SPID_SCHEME + ":" + sC2Main;
    final String sMlsTo = aData.getMLSToValue ();
    // MLS_TO may name another participant of the same service provider (same main id), nothing else.
    if (sMlsTo != null && sMlsTo.startsWith (Mls.SPID_SCHEME + ":" + sC2Main))
      sReceiver = sMlsTo;
    final String sTo = sReceiver;
    m_aMlsSender.execute ( () -> {
      try
      {
        final byte [] aSbd = Mls.createSbd (m_aSettings.seatID (), sTo, aData.getInstanceIdentifier (), sCode, sReason, m_aSettings.country ());
        final Outbound.Answer a = m_aOutbound.submit (aSbd, "mls_response");
        LOGGER.info ("MLS " + sCode + " for " + aData.getInstanceIdentifier () + " to " + sTo + ": HTTP-equivalent " + a.status ());
      }
      catch (final Exception ex)
      {
        LOGGER.error ("Cannot send the MLS for " + aData.getInstanceIdentifier (), ex);
      }
    });
  }

  /**
   * POSTs the SBD to the service: accepted on {"countryCodeC4": …} (any JSON object without "retry":"none",
   * as phoss-ap reads it), refused for good on {"retry":"none"}, refused for now on anything else.
   */
  private Forwarded forward (final byte [] aSbd, final String sInstanceID, final String sMessageID)
  {
    try
    {
      final HttpRequest.Builder b = HttpRequest.newBuilder (URI.create (m_aSettings.forwardUrl ()))
                                               .timeout (m_aSettings.forwardTimeout ())
                                               .header ("Content-Type", "application/xml")
                                               .header ("X-SBDH-Instance-ID", sInstanceID)
                                               .header ("X-AS4-Message-ID", sMessageID)
                                               .POST (HttpRequest.BodyPublishers.ofByteArray (aSbd));
      if (m_aSettings.forwardToken () != null)
        b.header ("X-Token", m_aSettings.forwardToken ());
      final HttpRequest aRequest = b.build ();
      HttpResponse <byte []> aResponse;
      try
      {
        aResponse = m_aHttp.send (aRequest, HttpResponse.BodyHandlers.ofByteArray ());
      }
      catch (final java.io.IOException ex)
      {
        // A kept-alive connection the service closed as we reused it (Node closes idle ones after 5 s):
        // once more on a fresh one. Safe: the service takes a message once per InstanceIdentifier.
        LOGGER.info ("[" + sMessageID + "] forwarding failed (" + ex.getClass ().getSimpleName () + "); once more");
        aResponse = m_aHttp.send (aRequest, HttpResponse.BodyHandlers.ofByteArray ());
      }
      if (aResponse.statusCode () / 100 != 2)
        return Forwarded.temporary ("the receiver's service answered HTTP " + aResponse.statusCode ());
      final IJsonObject aJson = JsonReader.builder ().source (aResponse.body ()).readAsObject ();
      if (aJson == null)
        return Forwarded.temporary ("the receiver's service did not answer a JSON object");
      if ("none".equals (aJson.getAsString ("retry")))
      {
        final String sMessage = aJson.getAsString ("errorMessage");
        return new Forwarded ("Rejected by the receiver: " + (sMessage != null ? sMessage : "no reason given"), false, sMessage);
      }
      LOGGER.info ("[" + sMessageID + "] SBDH " + sInstanceID + " forwarded; C4 country " + aJson.getAsString ("countryCodeC4"));
      return Forwarded.ACCEPTED;
    }
    catch (final Exception ex)
    {
      return Forwarded.temporary ("the receiver's service could not be reached (" + ex.getClass ().getSimpleName () + ")");
    }
  }

  public AS4SignalMessageProcessorResult processAS4SignalMessage (final IAS4IncomingMessageMetadata aMetadata,
                                                                  final HttpHeaderMap aHttpHeaders,
                                                                  final Ebms3SignalMessage aSignalMessage,
                                                                  final IPMode aPMode,
                                                                  final IAS4IncomingMessageState aState,
                                                                  final AS4ErrorList aErrors)
  {
    // Peppol is push only: receipts and errors arrive as HTTP responses, never as requests.
    return AS4SignalMessageProcessorResult.createSuccess ();
  }

  public void processAS4ResponseMessage (final IAS4IncomingMessageMetadata aMetadata,
                                         final IAS4IncomingMessageState aState,
                                         final String sResponseMessageID,
                                         final byte [] aResponseBytes,
                                         final boolean bResponsePayloadIsAvailable,
                                         final AS4ErrorList aErrors)
  {}
}
