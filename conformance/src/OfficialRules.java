import java.io.BufferedReader;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.xml.transform.stream.StreamSource;
import net.sf.saxon.s9api.DocumentBuilder;
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.QName;
import net.sf.saxon.s9api.SaxonApiException;
import net.sf.saxon.s9api.XPathCompiler;
import net.sf.saxon.s9api.XPathExecutable;
import net.sf.saxon.s9api.XPathSelector;
import net.sf.saxon.s9api.XdmDestination;
import net.sf.saxon.s9api.XdmItem;
import net.sf.saxon.s9api.XdmNode;
import net.sf.saxon.s9api.XdmNodeKind;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.XsltTransformer;

/**
 * Runs the official Peppol validation artefacts (the compiled Schematron of one Peppol release, as
 * shipped in the phive-rules-peppol jar) over many XML files in one JVM start.
 *
 * <p>Reads one file path per line on stdin and writes one JSON object per file on stdout, in the
 * same order: {"file", "rules": [rule sets applied], "failed": [{"rules", "id", "flag", "location",
 * "text"}]} or {"file", "error"}. The rule sets follow the root element: Invoice and CreditNote get
 * CEN-EN16931-UBL and PEPPOL-EN16931-UBL, Order gets PEPPOLBIS-T01, OrderResponse PEPPOLBIS-T110.
 * An Invoice or CreditNote whose CustomizationID is a PINT one (urn:peppol:pint:billing-1@aunz-1, …)
 * gets the PINT rule sets of its specialization instead (PINT_RULES): the shared PINT rules and, for a
 * specialization, its jurisdiction-aligned rules, named by their path under external/schematron/.
 *
 * <p>Usage: java -cp classes:lib/* OfficialRules [--release 2026.5] &lt; files.txt
 */
public final class OfficialRules {
  private static final String UBL = "urn:oasis:names:specification:ubl:schema:xsd:";
  private static final Map<String, List<String>> RULES_BY_ROOT = Map.of(
      UBL + "Invoice-2", List.of("CEN-EN16931-UBL", "PEPPOL-EN16931-UBL"),
      UBL + "CreditNote-2", List.of("CEN-EN16931-UBL", "PEPPOL-EN16931-UBL"),
      UBL + "Order-2", List.of("PEPPOLBIS-T01"),
      UBL + "OrderResponse-2", List.of("PEPPOLBIS-T110"));

  /** PINT specialization (the part after "@" in the CustomizationID, without "-1"; "" for generic PINT) → its rules folder. */
  private static final Map<String, String> PINT_FOLDERS = Map.of(
      "", "pint/1.1.2/xslt/",
      "aunz", "pint-aunz/1.1.2/xslt/%s/",
      "sg", "pint-sg/1.4.0/xslt/",
      "jp", "pint-jp/1.1.2/xslt/",
      "my", "pint-my/1.3.0/xslt/%s/",
      "ae", "pint-ae/2026.5/%s/",
      "om", "pint-om/1.0.0/%s/");
  private static final Pattern PINT_CUSTOMIZATION = Pattern.compile("urn:peppol:pint:(billing|selfbilling)-1(?:@([a-z]+)-1)?");

  private static final Pattern NAMESPACED_STEP = Pattern.compile("\\*:([\\w.-]+)\\[namespace-uri\\(\\)='[^']*'\\]");

  private final Processor processor = new Processor(false);
  private final DocumentBuilder builder = processor.newDocumentBuilder();
  private final String release;
  private final Map<String, XsltExecutable> compiled = new HashMap<>();
  private final XPathExecutable findings;
  private final XPathExecutable findingText;

  private OfficialRules(String release) throws SaxonApiException {
    this.release = release;
    XPathCompiler xpath = processor.newXPathCompiler();
    xpath.declareNamespace("svrl", "http://purl.oclc.org/dsdl/svrl");
    // A Schematron report that fires is a finding just like an assert that fails.
    findings = xpath.compile("//svrl:failed-assert | //svrl:successful-report");
    findingText = xpath.compile("normalize-space(svrl:text)");
  }

  public static void main(String[] args) throws Exception {
    String release = "2026.5";
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--release") && i + 1 < args.length) release = args[++i];
      else {
        System.err.println("usage: OfficialRules [--release <phive release folder>] < file-list");
        System.exit(2);
      }
    }
    OfficialRules rules = new OfficialRules(release);
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      out.println(rules.check(new File(line.trim())));
      // One answer per line as soon as it is known: a caller may feed files one at a time (bench/validation.ts).
      out.flush();
    }
    out.flush();
  }

  private String check(File file) {
    StringBuilder json = new StringBuilder("{\"file\":").append(quote(file.getPath()));
    try {
      XdmNode document = builder.build(file);
      XdmNode root = rootElement(document);
      String namespace = root.getNodeName().getNamespace();
      List<String> ruleSets = pintRuleSets(root);
      if (ruleSets == null) ruleSets = RULES_BY_ROOT.get(namespace);
      if (ruleSets == null) throw new IllegalArgumentException("no official rules for {" + namespace + "}" + root.getNodeName().getLocalName());
      json.append(",\"rules\":[");
      for (int i = 0; i < ruleSets.size(); i++) json.append(i > 0 ? "," : "").append(quote(ruleSets.get(i)));
      json.append("],\"failed\":[");
      boolean first = true;
      for (String ruleSet : ruleSets) {
        XPathSelector selector = findings.load();
        selector.setContextItem(svrl(ruleSet, document));
        for (XdmItem finding : selector.evaluate()) {
          XdmNode node = (XdmNode) finding;
          json.append(first ? "" : ",")
              .append("{\"rules\":").append(quote(ruleSet))
              .append(",\"id\":").append(quote(node.getAttributeValue(new QName("id"))))
              .append(",\"flag\":").append(quote(node.getAttributeValue(new QName("flag"))))
              .append(",\"location\":").append(quote(shortLocation(node.getAttributeValue(new QName("location")))))
              .append(",\"text\":").append(quote(text(node)))
              .append('}');
          first = false;
        }
      }
      return json.append("]}").toString();
    } catch (Exception e) {
      return "{\"file\":" + quote(file.getPath()) + ",\"error\":" + quote(String.valueOf(e.getMessage())) + "}";
    }
  }

  /** The PINT rule sets for a PINT Invoice or CreditNote, else null. */
  private static List<String> pintRuleSets(XdmNode root) {
    String local = root.getNodeName().getLocalName();
    if (!local.equals("Invoice") && !local.equals("CreditNote")) return null;
    String customization = null;
    for (XdmNode child : root.children()) {
      if (child.getNodeKind() == XdmNodeKind.ELEMENT && child.getNodeName().getLocalName().equals("CustomizationID")) {
        customization = child.getStringValue().trim();
        break;
      }
    }
    if (customization == null) return null;
    java.util.regex.Matcher m = PINT_CUSTOMIZATION.matcher(customization);
    if (!m.lookingAt()) return null;
    String jurisdiction = m.group(2) == null ? "" : m.group(2);
    String folder = PINT_FOLDERS.get(jurisdiction);
    if (folder == null) throw new IllegalArgumentException("no official rules for PINT specialization " + customization);
    folder = String.format(folder, m.group(1));
    if (jurisdiction.isEmpty()) return List.of(folder + "PINT-UBL-validation-preprocessed");
    return List.of(folder + "PINT-UBL-validation-preprocessed", folder + "PINT-jurisdiction-aligned-rules");
  }

  private XdmNode svrl(String ruleSet, XdmNode document) throws SaxonApiException {
    XsltTransformer transformer = executable(ruleSet).load();
    transformer.setInitialContextNode(document);
    XdmDestination result = new XdmDestination();
    transformer.setDestination(result);
    transformer.transform();
    return result.getXdmNode();
  }

  /** Compiles a rule set once, straight from the jar, so the artefacts are never copied into the project. */
  private XsltExecutable executable(String ruleSet) throws SaxonApiException {
    XsltExecutable cached = compiled.get(ruleSet);
    if (cached != null) return cached;
    String resource = ruleSet.startsWith("pint")
        ? "external/schematron/" + ruleSet + ".xslt"
        : "external/schematron/openpeppol/" + release + "/xslt/" + ruleSet + ".xslt";
    InputStream stream = OfficialRules.class.getClassLoader().getResourceAsStream(resource);
    if (stream == null) throw new IllegalStateException("official rules not on the class path: " + resource);
    XsltExecutable executable = processor.newXsltCompiler().compile(new StreamSource(stream, resource));
    compiled.put(ruleSet, executable);
    return executable;
  }

  private String text(XdmNode finding) throws SaxonApiException {
    XPathSelector selector = findingText.load();
    selector.setContextItem(finding);
    return selector.evaluateSingle().getStringValue();
  }

  /** `/*:Invoice[namespace-uri()='…'][1]/*:ID[…][1]` → `/Invoice[1]/ID[1]`: the namespaces follow from the rule set. */
  private static String shortLocation(String location) {
    return location == null ? null : NAMESPACED_STEP.matcher(location).replaceAll("$1");
  }

  private static XdmNode rootElement(XdmNode document) {
    for (XdmNode child : document.children()) if (child.getNodeKind() == XdmNodeKind.ELEMENT) return child;
    throw new IllegalArgumentException("no root element");
  }

  private static String quote(String value) {
    if (value == null) return "null";
    StringBuilder s = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> s.append("\\\"");
        case '\\' -> s.append("\\\\");
        case '\n' -> s.append("\\n");
        case '\r' -> s.append("\\r");
        case '\t' -> s.append("\\t");
        default -> {
          if (c < 0x20) s.append(String.format("\\u%04x", (int) c));
          else s.append(c);
        }
      }
    }
    return s.append('"').toString();
  }
}
