package gateway;

import java.io.StringReader;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import com.helger.datetime.xml.XMLOffsetDateTime;
import com.helger.peppol.sbdh.PeppolSBDHData;
import com.helger.peppol.sbdh.PeppolSBDHDataWriter;
import com.helger.peppolid.factory.PeppolIdentifierFactory;
import com.helger.peppolid.peppol.doctype.EPredefinedDocumentTypeIdentifier;
import com.helger.peppolid.peppol.process.EPredefinedProcessIdentifier;
import com.helger.sbdh.SBDMarshaller;

/**
 * Peppol Message Level Status (MLS 1.0): the UBL ApplicationResponse a receiving access point (C3) sends
 * back to the sending one (C2) about a business message: AP accepted, RE rejected, AB acknowledged.
 * Written and read by hand (peppol-commons' peppol-mls module is not served for the 12.4 release phase4
 * 4.4.1 uses); the layout follows the OpenPeppol examples.
 */
final class Mls
{
  static final String DOCTYPE = EPredefinedDocumentTypeIdentifier.PEPPOL_MLS_1_0.getURIEncoded ();
  static final String PROCESS = EPredefinedProcessIdentifier.urn_peppol_edec_mls.getURIEncoded ();
  /** Participant scheme of service provider ids (SPID): 0242 + the 6-digit main id of a seat id. */
  static final String SPID_SCHEME = "0242";

  private static final String NS = "urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2";
  private static final String CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

  record Status (String code, String referenceId, String reason, String id)
  {}

  private Mls ()
  {}

  static boolean isMls (final PeppolSBDHData aData)
  {
    return DOCTYPE.equals (aData.getDocumentTypeURIEncoded ()) && PROCESS.equals (aData.getProcessURIEncoded ());
  }

  /** "POP000306" → "000306": a seat id without its 3-letter prefix. */
  static String mainId (final String sSeatID)
  {
    return sSeatID != null && sSeatID.length () >= 9 ? sSeatID.substring (3, 9) : null;
  }

  private static String esc (final String s)
  {
    return s.replace ("&", "&amp;").replace ("<", "&lt;").replace (">", "&gt;").replace ("\"", "&quot;");
  }

  /**
   * The complete SBD carrying an MLS from us (C3, seat id sOwnSeatID) to sReceiverSpid ("0242:xxxxxx")
   * about the message with SBDH InstanceIdentifier sReferenceID. sReason is given for RE only.
   */
  static byte [] createSbd (final String sOwnSeatID,
                            final String sReceiverSpid,
                            final String sReferenceID,
                            final String sCode,
                            final String sReason,
                            final String sCountryC1) throws Exception
  {
    final OffsetDateTime aNow = OffsetDateTime.now (ZoneOffset.UTC).withNano (0);
    final String sReceiverMain = sReceiverSpid.substring (sReceiverSpid.indexOf (':') + 1);
    final StringBuilder x = new StringBuilder ();
    x.append ("<ApplicationResponse xmlns=\"" + NS + "\"" +
              " xmlns:cac=\"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2\"" +
              " xmlns:cbc=\"" + CBC + "\">");
    x.append ("<cbc:CustomizationID>urn:peppol:edec:mls:1.0</cbc:CustomizationID>");
    x.append ("<cbc:ProfileID>urn:peppol:edec:mls</cbc:ProfileID>");
    x.append ("<cbc:ID>" + UUID.randomUUID () + "</cbc:ID>");
    x.append ("<cbc:IssueDate>" + aNow.toLocalDate () + "</cbc:IssueDate>");
    x.append ("<cbc:IssueTime>" + aNow.toLocalTime () + "Z</cbc:IssueTime>");
    x.append ("<cac:SenderParty><cbc:EndpointID schemeID=\"" + SPID_SCHEME + "\">" + esc (mainId (sOwnSeatID)) +
              "</cbc:EndpointID></cac:SenderParty>");
    x.append ("<cac:ReceiverParty><cbc:EndpointID schemeID=\"" + SPID_SCHEME + "\">" + esc (sReceiverMain) +
              "</cbc:EndpointID></cac:ReceiverParty>");
    x.append ("<cac:DocumentResponse><cac:Response><cbc:ResponseCode>" + sCode + "</cbc:ResponseCode>");
    if (sReason != null)
      x.append ("<cbc:Description>" + esc (sReason) + "</cbc:Description>");
    x.append ("</cac:Response><cac:DocumentReference><cbc:ID>" + esc (sReferenceID) + "</cbc:ID></cac:DocumentReference>");
    if ("RE".equals (sCode))
    {
      // A rejection names at least one issue; the receiving service's refusal applies to the whole document
      // ("NA") and is a business rule violation in MLS terms.
      x.append ("<cac:LineResponse><cac:LineReference><cbc:LineID>NA</cbc:LineID></cac:LineReference><cac:Response>" +
                "<cbc:Description>" + esc (sReason != null ? sReason : "Rejected") + "</cbc:Description>" +
                "<cac:Status><cbc:StatusReasonCode>BV</cbc:StatusReasonCode></cac:Status></cac:Response></cac:LineResponse>");
    }
    x.append ("</cac:DocumentResponse></ApplicationResponse>");

    final DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance ();
    dbf.setNamespaceAware (true);
    dbf.setFeature ("http://apache.org/xml/features/disallow-doctype-decl", true);
    final Element aPayload = dbf.newDocumentBuilder ()
                                .parse (new InputSource (new StringReader (x.toString ())))
                                .getDocumentElement ();

    final PeppolSBDHData d = new PeppolSBDHData (PeppolIdentifierFactory.INSTANCE);
    d.setSender (PeppolIdentifierFactory.INSTANCE.createParticipantIdentifierWithDefaultScheme (SPID_SCHEME + ":" +
                                                                                               mainId (sOwnSeatID)));
    d.setReceiver (PeppolIdentifierFactory.INSTANCE.createParticipantIdentifierWithDefaultScheme (sReceiverSpid));
    d.setDocumentType (EPredefinedDocumentTypeIdentifier.PEPPOL_MLS_1_0);
    d.setProcess (EPredefinedProcessIdentifier.urn_peppol_edec_mls);
    d.setCountryC1 (sCountryC1);
    d.setDocumentIdentification (NS,
                                 "2.1",
                                 "ApplicationResponse",
                                 UUID.randomUUID ().toString (),
                                 XMLOffsetDateTime.of (aNow));
    d.setBusinessMessage (aPayload);
    return new SBDMarshaller ().getAsBytes (new PeppolSBDHDataWriter ().createStandardBusinessDocument (d));
  }

  private static String first (final Element e, final String sLocalName)
  {
    final NodeList l = e.getElementsByTagNameNS (CBC, sLocalName);
    return l.getLength () == 0 ? null : l.item (0).getTextContent ().trim ();
  }

  /** Reads a received MLS; null when the payload is not one. */
  static Status parse (final Element aBusinessMessage)
  {
    if (aBusinessMessage == null || !NS.equals (aBusinessMessage.getNamespaceURI ()))
      return null;
    final NodeList aResponses = aBusinessMessage.getElementsByTagNameNS ("*", "DocumentResponse");
    if (aResponses.getLength () == 0)
      return null;
    final Element aDocResponse = (Element) aResponses.item (0);
    final String sCode = first (aDocResponse, "ResponseCode");
    final NodeList aRefs = aDocResponse.getElementsByTagNameNS ("*", "DocumentReference");
    final String sRef = aRefs.getLength () == 0 ? null : first ((Element) aRefs.item (0), "ID");
    if (sCode == null || sRef == null)
      return null;
    // The overall description, else the first issue's.
    return new Status (sCode, sRef, first (aDocResponse, "Description"), first (aBusinessMessage, "ID"));
  }

  static String mlsStatusOf (final String sCode)
  {
    return switch (sCode)
    {
      case "AP" -> "received_ap";
      case "AB" -> "received_ab";
      case "RE" -> "received_re";
      default -> null;
    };
  }
}
