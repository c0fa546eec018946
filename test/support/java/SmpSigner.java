import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import javax.xml.crypto.dsig.CanonicalizationMethod;
import javax.xml.crypto.dsig.DigestMethod;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.SignatureMethod;
import javax.xml.crypto.dsig.SignedInfo;
import javax.xml.crypto.dsig.Transform;
import javax.xml.crypto.dsig.XMLSignature;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMSignContext;
import javax.xml.crypto.dsig.keyinfo.KeyInfo;
import javax.xml.crypto.dsig.keyinfo.KeyInfoFactory;
import javax.xml.crypto.dsig.keyinfo.X509Data;
import javax.xml.crypto.dsig.spec.C14NMethodParameterSpec;
import javax.xml.crypto.dsig.spec.TransformParameterSpec;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;

/**
 * Signs an SMP 1.0 answer the way an SMP does (Peppol SMP 1.0 §3.6): one enveloped XML signature
 * over the whole document (Reference URI=""), RSA-SHA256, SHA-256 digest, the signer's certificate
 * in KeyInfo/X509Data. Only the JDK's own XML signature API (javax.xml.crypto.dsig), so the checker
 * under test shares no code with the signer.
 *
 * Usage: java SmpSigner (<keystore.p12> <password> <in.xml> <out.xml> <inclusive|exclusive>)+ -- one JVM
 * signs any number of documents.
 */
public final class SmpSigner {
  public static void main(final String[] args) throws Exception {
    if (args.length == 0 || args.length % 5 != 0) {
      System.err.println("usage: SmpSigner (<keystore.p12> <password> <in.xml> <out.xml> <inclusive|exclusive>)+");
      System.exit(2);
    }
    for (int i = 0; i < args.length; i += 5) sign(java.util.Arrays.copyOfRange(args, i, i + 5));
  }

  private static void sign(final String[] args) throws Exception {
    final char[] password = args[1].toCharArray();
    final KeyStore store = KeyStore.getInstance("PKCS12");
    try (FileInputStream in = new FileInputStream(args[0])) {
      store.load(in, password);
    }
    String alias = null;
    for (final Enumeration<String> e = store.aliases(); e.hasMoreElements();) {
      final String candidate = e.nextElement();
      if (store.isKeyEntry(candidate)) {
        alias = candidate;
        break;
      }
    }
    if (alias == null) throw new IllegalArgumentException("no key entry in " + args[0]);
    final PrivateKey key = (PrivateKey) store.getKey(alias, password);
    final List<Object> chain = new ArrayList<>();
    for (final Certificate c : store.getCertificateChain(alias)) chain.add((X509Certificate) c);

    final DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    dbf.setNamespaceAware(true);
    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    final Document doc;
    try (FileInputStream in = new FileInputStream(args[2])) {
      doc = dbf.newDocumentBuilder().parse(in);
    }

    final String c14n =
        "exclusive".equals(args[4])
            ? CanonicalizationMethod.EXCLUSIVE
            : CanonicalizationMethod.INCLUSIVE;
    final XMLSignatureFactory fac = XMLSignatureFactory.getInstance("DOM");
    final Reference ref =
        fac.newReference(
            "",
            fac.newDigestMethod(DigestMethod.SHA256, null),
            Collections.singletonList(fac.newTransform(Transform.ENVELOPED, (TransformParameterSpec) null)),
            null,
            null);
    final SignedInfo si =
        fac.newSignedInfo(
            fac.newCanonicalizationMethod(c14n, (C14NMethodParameterSpec) null),
            fac.newSignatureMethod(SignatureMethod.RSA_SHA256, null),
            Collections.singletonList(ref));
    final KeyInfoFactory kif = fac.getKeyInfoFactory();
    final X509Data x509 = kif.newX509Data(chain);
    final KeyInfo ki = kif.newKeyInfo(Collections.singletonList(x509));
    final XMLSignature signature = fac.newXMLSignature(si, ki);
    signature.sign(new DOMSignContext(key, doc.getDocumentElement()));

    final javax.xml.transform.Transformer out = TransformerFactory.newInstance().newTransformer();
    out.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
    try (FileOutputStream os = new FileOutputStream(args[3])) {
      out.transform(new DOMSource(doc), new StreamResult(os));
    }
  }
}
