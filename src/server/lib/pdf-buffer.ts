import PDFDocument from 'pdfkit';

/**
 * Draws one pdfkit document and hands back its bytes once pdfkit has written the last of them; a
 * drawing that throws, or a document that fails, rejects instead.
 */
export function renderPdfBuffer(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}
