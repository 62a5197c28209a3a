import { Document, Page, Text, View } from '@react-pdf/renderer';
import { CMR_LABELS, PARTNER_WATERMARK, type PdfLanguage } from '@/lib/pdf/cmr-labels';
import type { ApprovalResponse, FreightDocumentContent } from '@/lib/schemas/freight-document-response';
import { ApprovalStamp, ApprovalsTable, commentLines } from './approvals';
import { Box, Lines, multilingual } from './box';
import { dateTime, joined, money, partyLines, pdfZones, words } from './format';
import { GoodsTable } from './goods-table';
import { cashOnDeliveryLine, LegalEventsAnnex, reservationLines } from './legal-events';
import type { CmrPdfInput } from './model';
import { QrCode } from './qr-code';
import { styles } from './styles';

function Stamps({ approvals, input }: { approvals: ApprovalResponse[]; input: CmrPdfInput }) {
  if (approvals.length === 0) return <Lines lines={[]} />;
  return (
    <>
      {approvals.map((approval) => (
        <ApprovalStamp
          key={approval.approvalId}
          approval={approval}
          language={input.languages[0]!}
          zone={pdfZones(input.document)[approval.action]}
          signature={approval.attachmentId ? input.signatures[approval.attachmentId] : undefined}
        />
      ))}
    </>
  );
}

function Header({ document, input }: { document: FreightDocumentContent; input: CmrPdfInput }) {
  const { languages } = input;
  return (
    <View style={styles.header}>
      <View style={{ flexGrow: 1, flexBasis: 0 }}>
        <Text style={styles.title}>CMR</Text>
        <Text style={styles.subtitle}>{multilingual(languages, 'title')}</Text>
        <Text style={styles.serviceNumber}>
          {multilingual(languages, 'serviceNumber')}: {document.serviceNumber}
        </Text>
        <Text style={styles.value}>
          {multilingual(languages, 'status')}: {words(document.status)}
        </Text>
        {document.replacedByPaper ? (
          <Text style={styles.value}>
            {multilingual(languages, 'replacedByPaper')} {dateTime(document.replacedByPaper.at)} ({words(document.replacedByPaper.byRole)}:{' '}
            {document.replacedByPaper.reason})
          </Text>
        ) : null}
        <Text style={styles.qrCaption}>{multilingual(languages, 'verify')}:</Text>
        <Text style={styles.qrCaption}>{input.verificationUrl}</Text>
        {input.uil ? <Text style={styles.qrCaption}>eFTI UIL: {input.uil}</Text> : null}
      </View>
      <View style={styles.qr}>
        <QrCode value={input.verificationUrl} size={78} />
        <Text style={styles.qrCaption}>{CMR_LABELS[languages[0]!].texts.verify}</Text>
      </View>
      {input.uil ? (
        // Contract §15: the unique electronic identifying link (2024/1942 Art. 11(2)) an officer's device reads.
        <View style={styles.qr}>
          <QrCode value={input.uil} size={78} />
          <Text style={styles.qrCaption}>eFTI UIL</Text>
        </View>
      ) : null}
    </View>
  );
}

/** Watermark and footer, fixed: react-pdf repeats them on every page the content flows onto. */
function EveryPage({ input }: { input: CmrPdfInput }) {
  const page = CMR_LABELS[input.languages[0]!].texts.page;
  return (
    <>
      {input.watermark ? (
        <>
          <Text fixed style={styles.banner}>
            {PARTNER_WATERMARK}
          </Text>
          <Text fixed style={styles.watermark}>
            {PARTNER_WATERMARK}
          </Text>
        </>
      ) : null}
      <View fixed style={styles.footer}>
        <Text>
          CMR {input.document.serviceNumber} · {input.verificationUrl} · {CMR_LABELS[input.languages[0]!].texts.procedures}:{' '}
          {input.verificationUrl.replace(/\/verify\/[^/]*$/, '/procedures')}
        </Text>
        <Text render={({ pageNumber, totalPages }) => `${page} ${pageNumber} / ${totalPages}`} />
      </View>
    </>
  );
}

/**
 * The consignment note as the CMR form lays it out (contract §9): the 24 numbered boxes in two columns, the goods
 * as boxes 6–12, the signature boxes 22–24 holding the approvals of the transfers, then every approval with its
 * evidence. Content flows onto further pages; the watermark and footer repeat on each.
 */
export function CmrDocument({ input }: { input: CmrPdfInput }) {
  const { document, languages } = input;
  const L: PdfLanguage[] = languages;
  const approvals = document.approvals ?? [];
  // Times print in the local time of their place, with the offset (decision 0027).
  const zones = pdfZones(document);
  const attachments = document.attachments ?? [];
  const byAction = (action: ApprovalResponse['action'], side?: ApprovalResponse['side']) =>
    approvals.filter((approval) => approval.action === action && (!side || approval.side === side));
  const plates = (document.licensePlates ?? []).map((plate) =>
    joined(plate.licensePlate, plate.countryCode ? `(${plate.countryCode})` : undefined, words(plate.type)),
  );
  return (
    <Document title={`CMR ${document.serviceNumber}`} author="Freight Document Service" language={languages[0]}>
      <Page size="A4" style={styles.page} wrap>
        <EveryPage input={input} />
        <Header document={document} input={input} />
        <View style={styles.row}>
          <Box n={1} languages={L}>
            <Lines lines={partyLines(document.consignor)} />
          </Box>
          <Box n={16} languages={L}>
            <Lines lines={[...partyLines(document.carrier), document.carrierCode ? `# ${document.carrierCode}` : undefined]} />
          </Box>
        </View>
        <View style={styles.row}>
          <Box n={2} languages={L}>
            <Lines lines={partyLines(document.consignee)} />
          </Box>
          <Box n={17} languages={L}>
            <Lines lines={(document.subsequentCarriers ?? []).map((party) => partyLines(party).join(', '))} />
          </Box>
        </View>
        <View style={styles.row}>
          <Box n={3} languages={L}>
            <Lines
              lines={[
                ...partyLines(document.placeOfDelivery),
                dateTime(document.agreedDateTimeOfDelivery, zones.DELIVERY),
                document.estimatedDateTimeOfDelivery
                  ? `${CMR_LABELS[L[0]!].texts.estimated}: ${dateTime(document.estimatedDateTimeOfDelivery, zones.DELIVERY)}`
                  : undefined,
              ]}
            />
          </Box>
          <Box n={18} languages={L}>
            <Lines
              lines={[
                ...reservationLines(document, ['TAKING_OVER', 'CARRIER_TO_CARRIER'], L[0]!),
                ...commentLines((document.comments ?? []).filter((comment) => !comment.reservation)),
                ...approvals.filter((a) => a.remarks).map((a) => `${words(a.action)}: ${a.remarks}`),
              ]}
            />
          </Box>
        </View>
        <View style={styles.row}>
          <Box n={4} languages={L}>
            <Lines
              lines={[
                ...partyLines(document.placeOfTakingOver),
                dateTime(document.agreedDateTimeOfTakingOver, zones.COLLECTION),
                document.estimatedDateTimeOfTakingOver
                  ? `${CMR_LABELS[L[0]!].texts.estimated}: ${dateTime(document.estimatedDateTimeOfTakingOver, zones.COLLECTION)}`
                  : undefined,
              ]}
            />
          </Box>
          <Box n={19} languages={L}>
            <Lines lines={[document.specialAgreements, document.transportConditions]} />
          </Box>
        </View>
        <View style={styles.row}>
          <Box n={5} languages={L}>
            <Lines
              lines={[
                ...attachments.map((file) => joined(file.name ?? undefined, file.originalFileName)),
                ...(document.references ?? []).map((reference) => joined(reference.name, reference.value)),
              ]}
            />
          </Box>
          <View style={[styles.box, { flexGrow: 1 }]} wrap={false}>
            <Text style={styles.labelMain}>{multilingual(L, 'licensePlates')}</Text>
            <Lines lines={plates} />
          </View>
        </View>
        <GoodsTable document={document} languages={L} />
        <View style={styles.row}>
          <Box n={13} languages={L}>
            <Lines lines={[document.senderInstructions]} />
          </Box>
          <Box n={20} languages={L}>
            <Lines lines={[document.paymentForCarriage]} />
          </Box>
        </View>
        <View style={styles.row}>
          <Box n={14} languages={L}>
            <Lines lines={[document.paymentForCarriage]} />
          </Box>
          <Box n={15} languages={L}>
            <Lines
              lines={[
                document.reimbursementAmount ? money(document.reimbursementAmount, document.reimbursementCurrency, L[0]!) : undefined,
                cashOnDeliveryLine(document, L[0]!),
              ]}
            />
          </Box>
          <Box n={21} languages={L}>
            <Lines lines={[document.establishedPlace, document.establishedDate]} />
          </Box>
        </View>
        <View style={styles.row}>
          <Box n={22} languages={L}>
            <Stamps approvals={byAction('COLLECTION', 'COUNTER_PARTY')} input={input} />
          </Box>
          <Box n={23} languages={L}>
            <Stamps approvals={approvals.filter((approval) => approval.side === 'CARRIER')} input={input} />
          </Box>
          <Box n={24} languages={L}>
            <Stamps approvals={byAction('DELIVERY', 'COUNTER_PARTY')} input={input} />
            {document.deliveryDate ? <Text style={styles.value}>{dateTime(document.deliveryDate, zones.DELIVERY)}</Text> : null}
            <Lines lines={reservationLines(document, ['DELIVERY'], L[0]!)} />
          </Box>
        </View>
        <ApprovalsTable approvals={approvals} languages={L} signatures={input.signatures} zones={zones} />
        <LegalEventsAnnex document={document} languages={L} />
      </Page>
    </Document>
  );
}
