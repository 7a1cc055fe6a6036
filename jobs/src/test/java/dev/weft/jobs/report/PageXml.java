package dev.weft.jobs.report;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Reads a report page back for assertions. */
public final class PageXml {
  private PageXml() {}

  /** Parsed as XML: a page that parses is well-formed (every element closed, every entity escaped). */
  public static Document parse(String html) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Document document = factory.newDocumentBuilder()
        .parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    NodeList ids = (NodeList) XPathFactory.newInstance().newXPath().evaluate("//*[@id]", document,
        XPathConstants.NODESET);
    for (int i = 0; i < ids.getLength(); i++) {
      ((Element) ids.item(i)).setIdAttribute("id", true);
    }
    return document;
  }

  public static List<String> texts(Document page, String xpath) throws Exception {
    NodeList nodes = (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, page, XPathConstants.NODESET);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      texts.add(nodes.item(i).getTextContent());
    }
    return texts;
  }
}
