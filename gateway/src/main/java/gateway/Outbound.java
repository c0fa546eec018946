package gateway;

import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.helger.base.wrapper.Wrapper;
import com.helger.json.IJsonObject;
import com.helger.json.JsonObject;
import com.helger.peppol.sbdh.PeppolSBDHData;
import com.helger.peppol.sbdh.PeppolSBDHDataReader;
import com.helger.peppol.sml.ESML;
import com.helger.peppolid.factory.PeppolIdentifierFactory;
import com.helger.phase4.client.IAS4ClientBuildMessageCallback;
import com.helger.phase4.dynamicdiscovery.IAS4EndpointDetailProvider;
import com.helger.phase4.ebms3header.Ebms3Error;
import com.helger.phase4.model.message.AS4UserMessage;
import com.helger.phase4.peppol.Phase4PeppolSender;
import com.helger.phase4.peppol.Phase4PeppolSendingReport;
import com.helger.phase4.sender.EAS4UserMessageSendResult;
import com.helger.phase4.util.Phase4Exception;

/**
 * POST /api/outbound/submit-sbd and GET /api/outbound/status/{id}: phoss-ap's outbound contract. A
 * submitted SBD is sent once over AS4 with phase4's Peppol sender, byte for byte as submitted, and its
 * transaction is kept in the {@link Store} under its SBDH InstanceIdentifier, which makes submitting
 * idempotent.
 */
final class Outbound
{
  /** What the HTTP layer answers: status code and JSON body. */
  record Answer (int status, String json)
  {}

  private final Gateway.Settings m_aSettings;
  private final Store m_aStore;

  Outbound (final Gateway.Settings aSettings, final Store aStore)
  {
    m_aSettings = aSettings;
    m_aStore = aStore;
  }

  static Answer error (final int nStatus, final String sMessage)
  {
    final JsonObject o = new JsonObject ();
    o.add ("error", sMessage);
    return new Answer (nStatus, o.getAsJsonString ());
  }

  Answer status (final String sInstanceID)
  {
    final IJsonObject aTx = m_aStore.read (sInstanceID);
    if (aTx == null)
      return error (404, "No outbound transaction with SBDH Instance ID '" + sInstanceID + "'");
    final JsonObject o = new JsonObject ();
    // Exactly phoss-ap's OutboundTransactionResponse fields (the internal ones stay out).
    for (final String k : new String [] { "id",
                                          "transactionType",
                                          "senderID",
                                          "receiverID",
                                          "docTypeID",
                                          "processID",
                                          "sbdhInstanceID",
                                          "status",
                                          "attemptCount",
                                          "createdDT",
                                          "completedDT",
                                          "reportingStatus",
                                          "nextRetryDT",
                                          "errorDetails",
                                          "mlsStatus",
                                          "custom1",
                                          "custom2",
                                          "custom3",
                                          "mlsResponseCode",
                                          "mlsReason",
                                          "mlsID",
                                          "mlsReceivedDT" })
      o.add (k, aTx.get (k) != null ? aTx.get (k) : com.helger.json.JsonValue.NULL);
    return new Answer (200, o.getAsJsonString ());
  }

  Answer submit (final byte [] aSbd)
  {
    return submit (aSbd, "business_document");
  }

  /** sTransactionType: "business_document" from the API, "mls_response" for the MLS this gateway sends. */
  Answer submit (final byte [] aSbd, final String sTransactionType)
  {
    // Everything the sender needs comes from the SBDH; a body that is not a Peppol SBD is the caller's error.
    final PeppolSBDHData aData;
    try
    {
      aData = new PeppolSBDHDataReader (PeppolIdentifierFactory.INSTANCE).extractData (new ByteArrayInputStream (aSbd));
    }
    catch (final Exception ex)
    {
      return error (400, "The body is not a valid Peppol SBD: " + ex.getMessage ());
    }
    if (aData == null || !aData.hasInstanceIdentifier () || aData.getCountryC1 () == null)
      return error (400, "The body is not a valid Peppol SBD: InstanceIdentifier and COUNTRY_C1 are required");

    final String sID = aData.getInstanceIdentifier ();
    final String sDigest = Store.sha256 (aSbd);
    synchronized (m_aStore.lockFor (sID))
    {
      IJsonObject aTx = m_aStore.read (sID);
      if (aTx != null && !sDigest.equals (aTx.getAsString ("sbdSha256")))
        return error (409, "SBDH Instance ID '" + sID + "' was already submitted with a different document");
      if (aTx != null && "sent".equals (aTx.getAsString ("status")))
      {
        // Already delivered: answer as the first time, send nothing.
        return new Answer (200, aTx.getAsString ("lastReport"));
      }
      if (aTx == null)
      {
        aTx = new JsonObject ();
        aTx.add ("id", UUID.randomUUID ().toString ());
        aTx.add ("transactionType", sTransactionType);
        aTx.add ("senderID", aData.getSenderURIEncoded ());
        aTx.add ("receiverID", aData.getReceiverURIEncoded ());
        aTx.add ("docTypeID", aData.getDocumentTypeURIEncoded ());
        aTx.add ("processID", aData.getProcessURIEncoded ());
        aTx.add ("sbdhInstanceID", sID);
        aTx.add ("attemptCount", 0);
        aTx.add ("createdDT", Instant.now ().toString ());
        aTx.add ("reportingStatus", "pending");
        // A business document expects an MLS from the receiving access point; an MLS never gets one.
        aTx.add ("mlsStatus", "business_document".equals (sTransactionType) ? "pending" : "not_applicable");
        aTx.add ("sbdSha256", sDigest);
      }
      // Durably "sending" before the first byte leaves: after a crash the status says the outcome is unknown,
      // and a re-submission sends again (the receiving access point drops the duplicate by InstanceIdentifier).
      aTx.add ("status", "sending");
      aTx.add ("attemptCount", aTx.getAsInt ("attemptCount") + 1);
      m_aStore.write (sID, aTx);

      final Result r = send (aSbd, aData);
      aTx.add ("status", r.success ? "sent" : r.permanent ? "permanently_failed" : "failed");
      aTx.add ("errorDetails", r.success ? com.helger.json.JsonValue.NULL : com.helger.json.JsonValue.create (r.error));
      if (r.success)
      {
        aTx.add ("completedDT", Instant.now ().toString ());
        // Only this access point may later send us an MLS about the transaction.
        aTx.add ("c3SeatID", r.report.getAsString ("c3CertSubjectCN"));
      }
      aTx.add ("lastReport", r.report.getAsJsonString ());
      m_aStore.write (sID, aTx);
      return new Answer (r.success ? 200 : 422, r.report.getAsJsonString ());
    }
  }

  /**
   * A received MLS about one of our transactions. Ignored (false) when we know no such transaction or the MLS
   * does not come from the access point the transaction was delivered to.
   */
  boolean applyMls (final Mls.Status aMls, final String sFromSeatID)
  {
    synchronized (m_aStore.lockFor (aMls.referenceId ()))
    {
      final IJsonObject aTx = m_aStore.read (aMls.referenceId ());
      if (aTx == null || !"business_document".equals (aTx.getAsString ("transactionType")))
        return false;
      final String sC3 = aTx.getAsString ("c3SeatID");
      if (sC3 != null && !sC3.equalsIgnoreCase (sFromSeatID))
        return false;
      final String sStatus = Mls.mlsStatusOf (aMls.code ());
      if (sStatus == null)
        return false;
      aTx.add ("mlsStatus", sStatus);
      aTx.add ("mlsResponseCode", aMls.code ());
      aTx.add ("mlsReason", aMls.reason () != null ? com.helger.json.JsonValue.create (aMls.reason ()) : com.helger.json.JsonValue.NULL);
      aTx.add ("mlsID", aMls.id () != null ? com.helger.json.JsonValue.create (aMls.id ()) : com.helger.json.JsonValue.NULL);
      aTx.add ("mlsReceivedDT", Instant.now ().toString ());
      m_aStore.write (aMls.referenceId (), aTx);
      return true;
    }
  }

  private static final class Result
  {
    boolean success;
    boolean permanent;
    String error;
    IJsonObject report;
  }

  /** One AS4 transmission; never throws. */
  private Result send (final byte [] aSbd, final PeppolSBDHData aData)
  {
    final Result r = new Result ();
    // phoss-ap's sending report, so that callers of either access point read the same JSON.
    final Phase4PeppolSendingReport aReport = new Phase4PeppolSendingReport (ESML.DIGIT_PRODUCTION);
    aReport.setSenderID (aData.getSenderAsIdentifier ());
    aReport.setReceiverID (aData.getReceiverAsIdentifier ());
    aReport.setDocTypeID (aData.getDocumentTypeAsIdentifier ());
    aReport.setProcessID (aData.getProcessAsIdentifier ());
    aReport.setCountryC1 (aData.getCountryC1 ());
    aReport.setSBDHInstanceIdentifier (aData.getInstanceIdentifier ());
    aReport.setSenderPartyID (m_aSettings.seatID ());

    final List <String> aErrors = new ArrayList <> ();
    EAS4UserMessageSendResult eResult = null;
    final long nStart = System.currentTimeMillis ();
    final IAS4EndpointDetailProvider aEndpoint = m_aSettings.endpoints ().providerFor (aData.getReceiverAsIdentifier ());
    if (aEndpoint == null)
    {
      r.permanent = true;
      aErrors.add ("Unknown receiver: no endpoint for " + aData.getReceiverURIEncoded ());
      aReport.setLookupError (aErrors.get (0));
    }
    else
    {
      try
      {
        final Wrapper <Phase4Exception> aCaught = new Wrapper <> ();
        eResult = Phase4PeppolSender.sbdhBuilder ()
                                    // The raw bytes: what the receiver forwards is exactly what was submitted.
                                    .payload (aSbd)
                                    .senderParticipantID (aData.getSenderAsIdentifier ())
                                    .receiverParticipantID (aData.getReceiverAsIdentifier ())
                                    .documentTypeID (aData.getDocumentTypeAsIdentifier ())
                                    .processID (aData.getProcessAsIdentifier ())
                                    .countryC1 (aData.getCountryC1 ())
                                    .senderPartyID (m_aSettings.seatID ())
                                    .cryptoFactory (m_aSettings.crypto ())
                                    .peppolAP_CAChecker (m_aSettings.caChecker ())
                                    .endpointDetailProvider (aEndpoint)
                                    .endpointURLConsumer (aReport::setC3EndpointURL)
                                    .certificateConsumer ( (aCert, aDT, eCheck) -> {
                                      aReport.setC3Cert (aCert);
                                      aReport.setC3CertCheckDT (aDT);
                                      aReport.setC3CertCheckResult (eCheck);
                                    })
                                    .sendingDateTimeConsumer (aReport::setAS4SendingDT)
                                    .buildMessageCallback (new IAS4ClientBuildMessageCallback ()
                                    {
                                      public void onAS4Message (final com.helger.phase4.model.message.AbstractAS4Message <?> aMsg)
                                      {
                                        final AS4UserMessage u = (AS4UserMessage) aMsg;
                                        aReport.setAS4MessageID (u.getEbms3UserMessage ().getMessageInfo ().getMessageId ());
                                        aReport.setAS4ConversationID (u.getEbms3UserMessage ()
                                                                       .getCollaborationInfo ()
                                                                       .getConversationId ());
                                      }
                                    })
                                    .signalMsgConsumer ( (aSignal, aMeta, aState) -> {
                                      aReport.setAS4ReceivedSignalMsg (aSignal);
                                      for (final Ebms3Error e : aSignal.getError ())
                                        aErrors.add (describe (e));
                                    })
                                    .sendMessageAndCheckForReceipt (aCaught::set);
        aReport.setAS4SendingResult (eResult);
        if (aCaught.isSet ())
        {
          aReport.setAS4SendingException (aCaught.get ());
          aErrors.add (messageOf (aCaught.get ()));
        }
      }
      catch (final Exception ex)
      {
        aReport.setAS4SendingException (ex);
        aErrors.add (messageOf (ex));
      }
    }
    r.success = eResult != null && eResult.isSuccess () && aErrors.isEmpty ();
    if (!r.success)
    {
      if (aErrors.isEmpty ())
        aErrors.add ("AS4 sending failed: " + (eResult == null ? "no result" : eResult.getID ()));
      r.error = String.join ("; ", aErrors);
      if (!r.permanent)
        r.permanent = isPermanent (eResult, r.error);
    }
    aReport.setSendingSuccess (r.success);
    aReport.setOverallSuccess (r.success);
    aReport.setOverallDurationMillis (System.currentTimeMillis () - nStart);

    final IJsonObject aJson = aReport.getAsJsonObject ();
    // Our additions to phoss-ap's report: the transaction's outcome in the words of the status API.
    aJson.add ("sbdhInstanceID", aData.getInstanceIdentifier ());
    aJson.add ("status", r.success ? "sent" : r.permanent ? "permanently_failed" : "failed");
    if (!r.success)
    {
      aJson.add ("errorDetails", r.error);
      aJson.add ("permanent", r.permanent);
    }
    r.report = aJson;
    return r;
  }

  private static String describe (final Ebms3Error e)
  {
    final String sDetail = e.getErrorDetail () != null ? e.getErrorDetail () : e.getDescriptionValue ();
    return "AS4 error " + e.getErrorCode () + " (" + e.getShortDescription () + ")" + (sDetail != null ? ": " + sDetail : "");
  }

  private static String messageOf (final Throwable t)
  {
    final StringBuilder sb = new StringBuilder ();
    for (Throwable c = t; c != null; c = c.getCause ())
    {
      if (sb.length () > 0)
        sb.append (" <- ");
      sb.append (c.getMessage () != null ? c.getMessage () : c.getClass ().getSimpleName ());
      if (c.getCause () == c)
        break;
    }
    return sb.toString ();
  }

  /**
   * Whether trying again cannot help. An AS4 error from the receiving access point is its final word unless
   * it says the refusal is temporary (our gateway does so when its service could not be reached); transport
   * problems are temporary, as phase4 itself judges them.
   */
  private static boolean isPermanent (final EAS4UserMessageSendResult eResult, final String sError)
  {
    if (sError.contains (Inbound.TEMPORARY_MARKER))
      return false;
    if (sError.contains ("SMPClientNotFoundException") || sError.contains ("was not found"))
      return true;
    if (eResult == EAS4UserMessageSendResult.AS4_ERROR_MESSAGE_RECEIVED)
      return true;
    return eResult != null && !eResult.isRetryFeasible () && eResult != EAS4UserMessageSendResult.TRANSPORT_ERROR;
  }
}
