import type { LoanApplyBody } from '@swx/shared/contract';

export type Lang = LoanApplyBody['language'];

/**
 * The contract's wording in the ten languages. `{name}` placeholders are filled by `fill`. The layout follows
 * a standard pre-contract credit summary: lender, credit type, total amount, duration, borrowing rate, APR
 * with its assumptions, total payable, late-payment costs, right of withdrawal, early repayment.
 */
export interface ContractTexts {
  title: string;
  agreementNo: string;
  signedAt: string;
  lender: string;
  borrower: string;
  name: string;
  birthdate: string;
  document: string;
  documentTypes: { id_card: string; driver_licence: string; passport: string };
  country: string;
  address: string;
  phone: string;
  credit: string;
  creditType: string;
  creditTypeValue: string;
  amount: string;
  duration: string;
  durationValue: string;
  borrowingRate: string;
  borrowingRateValue: string;
  interestFreeDays: string;
  daysValue: string;
  totalInterest: string;
  totalPayable: string;
  repaymentDate: string;
  repaymentDateNote: string;
  apr: string;
  aprAssumptions: string;
  late: string;
  lateText: string;
  withdrawal: string;
  withdrawalText: string;
  early: string;
  earlyText: string;
  signature: string;
  signatureText: string;
  hashNote: string;
}

const en: ContractTexts = {
  title: 'Loan agreement and pre-contract credit summary',
  agreementNo: 'Agreement number',
  signedAt: 'Signed at',
  lender: '1. Lender',
  borrower: '2. Borrower',
  name: 'Name',
  birthdate: 'Date of birth',
  document: 'Identity document',
  documentTypes: { id_card: 'ID card', driver_licence: 'Driver licence', passport: 'Passport' },
  country: 'Country',
  address: 'Address',
  phone: 'Phone',
  credit: '3. The credit',
  creditType: 'Type of credit',
  creditTypeValue: 'Unsecured fixed-term loan, repaid in one payment at maturity',
  amount: 'Total amount of credit',
  duration: 'Duration',
  durationValue: '{days} days from approval',
  borrowingRate: 'Borrowing rate (fixed)',
  borrowingRateValue: '{daily} % per day ({annual} % per year)',
  interestFreeDays: 'Interest-free days',
  daysValue: '{days} days',
  totalInterest: 'Total interest',
  totalPayable: 'Total amount payable',
  repaymentDate: 'Repayment date',
  repaymentDateNote:
    '{date}, until {time} ({zone}), if approved today; the term runs from the day of approval',
  apr: 'Annual percentage rate (APR)',
  aprAssumptions:
    'The APR assumes the full amount is paid out on approval and repaid in one payment at maturity, a 365-day year and no charges other than interest.',
  late: '4. Late payment',
  lateText:
    'If the loan is not repaid by the end of the repayment date, what is due is collected from your available balance (in part if that is all there is), and overdue interest of {rate} % of the unpaid amount per day ({perDay} USDT a day on the full amount) accrues until it is repaid, never more than {cap} USDT in total ({capPercent} % of the amount). While a loan is overdue, withdrawals and new loans are refused. Reminders are sent on the due date and every {every} days after.',
  withdrawal: '5. Right of withdrawal',
  withdrawalText:
    "You may withdraw from this agreement within {days} days of signing, and only before the repayment date, without giving a reason and without any fee. Before the loan is paid out, nothing is owed. After payout you repay the principal plus the interest accrued from payout to repayment: {perDay} USDT per day, after the first {free} interest-free days. Today's figure: withdrawing on the day of payout costs {today} USDT.",
  early: '6. Early repayment',
  earlyText:
    'You may repay in full at any time before the repayment date. Interest is then charged only for the days used beyond the first {free} interest-free days.',
  signature: '7. Signature',
  signatureText: 'Signed electronically by the borrower on the terms above.',
  hashNote: 'The SHA-256 fingerprint of this document is stored with the loan.',
};

const zhCN: ContractTexts = {
  title: '借款合同及合同前信贷摘要',
  agreementNo: '合同编号',
  signedAt: '签署时间',
  lender: '1. 出借人',
  borrower: '2. 借款人',
  name: '姓名',
  birthdate: '出生日期',
  document: '身份证件',
  documentTypes: { id_card: '身份证', driver_licence: '驾驶证', passport: '护照' },
  country: '国家',
  address: '地址',
  phone: '电话',
  credit: '3. 借款信息',
  creditType: '借款类型',
  creditTypeValue: '无担保定期借款，到期一次性还本付息',
  amount: '借款总额',
  duration: '期限',
  durationValue: '自审核通过起 {days} 天',
  borrowingRate: '借款利率（固定）',
  borrowingRateValue: '每日 {daily} %（年化 {annual} %）',
  interestFreeDays: '免息天数',
  daysValue: '{days} 天',
  totalInterest: '利息总额',
  totalPayable: '应还总额',
  repaymentDate: '还款日期',
  repaymentDateNote: '若今日审核通过则为 {date}，截至 {time}（{zone}）；期限自审核通过之日起计算',
  apr: '年化利率（APR）',
  aprAssumptions:
    '年化利率的假设：审核通过时全额放款，到期一次性还款，一年按 365 天计算，除利息外无其他费用。',
  late: '4. 逾期还款',
  lateText:
    '如未在还款日结束前还清，应还款项将从您的可用余额中扣收（余额不足时部分扣收），未还金额每日按 {rate} % 计收逾期利息（按全额计每日 {perDay} USDT），直至还清，累计不超过 {cap} USDT（借款金额的 {capPercent} %）。借款逾期期间，提现和新借款申请将被拒绝。我们会在到期日及其后每 {every} 天发送提醒。',
  withdrawal: '5. 撤回权',
  withdrawalText:
    '您可在签署后 {days} 天内且仅在还款日之前撤回本合同，无需说明理由，不收取任何费用。放款前撤回无需支付任何款项。放款后撤回，需归还本金及自放款至还款期间产生的利息：前 {free} 天免息，之后每日 {perDay} USDT。今日数额：在放款当日撤回需支付 {today} USDT。',
  early: '6. 提前还款',
  earlyText: '您可在还款日期前随时一次性还清。届时仅对超出前 {free} 天免息期的已用天数计收利息。',
  signature: '7. 签名',
  signatureText: '借款人已按上述条款以电子方式签署。',
  hashNote: '本文件的 SHA-256 指纹已与借款记录一同保存。',
};

const zhTW: ContractTexts = {
  title: '借款合約及合約前信貸摘要',
  agreementNo: '合約編號',
  signedAt: '簽署時間',
  lender: '1. 出借人',
  borrower: '2. 借款人',
  name: '姓名',
  birthdate: '出生日期',
  document: '身分證件',
  documentTypes: { id_card: '身分證', driver_licence: '駕駛執照', passport: '護照' },
  country: '國家',
  address: '地址',
  phone: '電話',
  credit: '3. 借款資訊',
  creditType: '借款類型',
  creditTypeValue: '無擔保定期借款，到期一次償還本息',
  amount: '借款總額',
  duration: '期限',
  durationValue: '自審核通過起 {days} 天',
  borrowingRate: '借款利率（固定）',
  borrowingRateValue: '每日 {daily} %（年化 {annual} %）',
  interestFreeDays: '免息天數',
  daysValue: '{days} 天',
  totalInterest: '利息總額',
  totalPayable: '應還總額',
  repaymentDate: '還款日期',
  repaymentDateNote: '若今日審核通過則為 {date}，截至 {time}（{zone}）；期限自審核通過之日起計算',
  apr: '年化利率（APR）',
  aprAssumptions: '年化利率的假設：審核通過時全額撥款，到期一次還款，一年以 365 天計算，除利息外無其他費用。',
  late: '4. 逾期還款',
  lateText:
    '如未在還款日結束前還清，應還款項將從您的可用餘額中扣收（餘額不足時部分扣收），未還金額每日按 {rate} % 計收逾期利息（按全額計每日 {perDay} USDT），直至還清，累計不超過 {cap} USDT（借款金額的 {capPercent} %）。借款逾期期間，提現和新借款申請將被拒絕。我們會在到期日及其後每 {every} 天發送提醒。',
  withdrawal: '5. 撤回權',
  withdrawalText:
    '您可在簽署後 {days} 天內且僅在還款日之前撤回本合約，無需說明理由，不收取任何費用。撥款前撤回無需支付任何款項。撥款後撤回，需歸還本金及自撥款至還款期間產生的利息：前 {free} 天免息，之後每日 {perDay} USDT。今日數額：在撥款當日撤回需支付 {today} USDT。',
  early: '6. 提前還款',
  earlyText: '您可在還款日期前隨時一次還清。屆時僅對超出前 {free} 天免息期的已用天數計收利息。',
  signature: '7. 簽名',
  signatureText: '借款人已按上述條款以電子方式簽署。',
  hashNote: '本文件的 SHA-256 指紋已與借款紀錄一併保存。',
};

const ja: ContractTexts = {
  title: 'ローン契約書および契約前の信用情報の概要',
  agreementNo: '契約番号',
  signedAt: '署名日時',
  lender: '1. 貸主',
  borrower: '2. 借主',
  name: '氏名',
  birthdate: '生年月日',
  document: '本人確認書類',
  documentTypes: { id_card: '身分証明書', driver_licence: '運転免許証', passport: 'パスポート' },
  country: '国',
  address: '住所',
  phone: '電話番号',
  credit: '3. 融資の内容',
  creditType: '融資の種類',
  creditTypeValue: '無担保の期日一括返済型ローン',
  amount: '融資総額',
  duration: '期間',
  durationValue: '承認日から {days} 日',
  borrowingRate: '借入金利（固定）',
  borrowingRateValue: '1 日あたり {daily} %（年 {annual} %）',
  interestFreeDays: '無利息期間',
  daysValue: '{days} 日',
  totalInterest: '利息総額',
  totalPayable: '返済総額',
  repaymentDate: '返済期日',
  repaymentDateNote: '本日承認された場合は {date} の {time}（{zone}）まで。期間は承認日から起算します',
  apr: '実質年率（APR）',
  aprAssumptions:
    '実質年率は、承認時に全額が支払われ、期日に一括返済し、1 年を 365 日とし、利息以外の費用がないことを前提としています。',
  late: '4. 返済の遅延',
  lateText:
    '返済日の終わりまでに返済されない場合、返済額はご利用可能残高から回収され（残高が足りない場合は一部）、未返済額の 1 日あたり {rate} %（全額に対して 1 日 {perDay} USDT）の遅延利息が完済まで発生しますが、合計で {cap} USDT（借入額の {capPercent} %）を超えることはありません。延滞中は出金と新たな借入はお受けできません。期日当日とその後 {every} 日ごとにお知らせします。',
  withdrawal: '5. 撤回権',
  withdrawalText:
    '署名から {days} 日以内かつ返済日より前であれば、理由を示さず手数料なしで本契約を撤回できます。実行前であれば支払いは不要です。実行後は、元本と実行日から返済日までに発生した利息を返済します：最初の {free} 日の無利息期間の後は 1 日 {perDay} USDT。本日の金額：実行当日に撤回した場合は {today} USDT です。',
  early: '6. 繰上返済',
  earlyText:
    '返済期日前であればいつでも全額を返済できます。その場合、最初の {free} 日の無利息期間を超えて利用した日数分の利息のみがかかります。',
  signature: '7. 署名',
  signatureText: '借主は上記の条件に電子的に署名しました。',
  hashNote: 'この文書の SHA-256 フィンガープリントはローンと共に保存されています。',
};

const ko: ContractTexts = {
  title: '대출 계약서 및 계약 전 신용 요약',
  agreementNo: '계약 번호',
  signedAt: '서명 일시',
  lender: '1. 대출 기관',
  borrower: '2. 차입자',
  name: '이름',
  birthdate: '생년월일',
  document: '신분증',
  documentTypes: { id_card: '신분증', driver_licence: '운전면허증', passport: '여권' },
  country: '국가',
  address: '주소',
  phone: '전화번호',
  credit: '3. 대출 내용',
  creditType: '대출 유형',
  creditTypeValue: '무담보 기간 대출, 만기 일시 상환',
  amount: '총 대출 금액',
  duration: '기간',
  durationValue: '승인일로부터 {days}일',
  borrowingRate: '대출 금리(고정)',
  borrowingRateValue: '일 {daily}% (연 {annual}%)',
  interestFreeDays: '무이자 기간',
  daysValue: '{days}일',
  totalInterest: '총 이자',
  totalPayable: '총 상환 금액',
  repaymentDate: '상환일',
  repaymentDateNote: '오늘 승인되는 경우 {date} {time}({zone})까지; 기간은 승인일부터 계산됩니다',
  apr: '연간 실효 이율(APR)',
  aprAssumptions:
    'APR은 승인 시 전액 지급, 만기 일시 상환, 1년 365일, 이자 외 다른 비용이 없음을 가정합니다.',
  late: '4. 연체',
  lateText:
    '상환일이 끝날 때까지 상환하지 않으면 상환할 금액을 사용 가능 잔액에서 회수하며(잔액이 부족하면 일부만), 미상환 금액에 대해 일 {rate}%(전액 기준 하루 {perDay} USDT)의 연체 이자가 완제 시까지 발생하되 총 {cap} USDT(대출 금액의 {capPercent}%)를 넘지 않습니다. 연체 중에는 출금과 새 대출이 거절됩니다. 만기일과 그 후 {every}일마다 알림을 보냅니다.',
  withdrawal: '5. 철회권',
  withdrawalText:
    '서명 후 {days}일 이내, 상환일 이전에 한해 이유와 수수료 없이 이 계약을 철회할 수 있습니다. 지급 전에는 낼 금액이 없습니다. 지급 후에는 원금과 지급일부터 상환일까지 발생한 이자를 상환합니다: 처음 {free}일의 무이자 기간 후 하루 {perDay} USDT. 오늘 기준 금액: 지급 당일 철회하면 {today} USDT입니다.',
  early: '6. 조기 상환',
  earlyText:
    '상환일 전에 언제든지 전액 상환할 수 있습니다. 이 경우 처음 {free}일의 무이자 기간을 초과하여 사용한 일수에 대해서만 이자가 부과됩니다.',
  signature: '7. 서명',
  signatureText: '차입자는 위 조건에 전자적으로 서명했습니다.',
  hashNote: '이 문서의 SHA-256 지문은 대출 기록과 함께 저장됩니다.',
};

const de: ContractTexts = {
  title: 'Kreditvertrag und vorvertragliche Kreditinformationen',
  agreementNo: 'Vertragsnummer',
  signedAt: 'Unterzeichnet am',
  lender: '1. Kreditgeber',
  borrower: '2. Kreditnehmer',
  name: 'Name',
  birthdate: 'Geburtsdatum',
  document: 'Ausweisdokument',
  documentTypes: { id_card: 'Personalausweis', driver_licence: 'Führerschein', passport: 'Reisepass' },
  country: 'Land',
  address: 'Adresse',
  phone: 'Telefon',
  credit: '3. Der Kredit',
  creditType: 'Kreditart',
  creditTypeValue: 'Unbesicherter Kredit mit fester Laufzeit, in einer Zahlung bei Fälligkeit zurückzuzahlen',
  amount: 'Gesamtkreditbetrag',
  duration: 'Laufzeit',
  durationValue: '{days} Tage ab Genehmigung',
  borrowingRate: 'Sollzinssatz (fest)',
  borrowingRateValue: '{daily} % pro Tag ({annual} % pro Jahr)',
  interestFreeDays: 'Zinsfreie Tage',
  daysValue: '{days} Tage',
  totalInterest: 'Zinsen gesamt',
  totalPayable: 'Zu zahlender Gesamtbetrag',
  repaymentDate: 'Rückzahlungsdatum',
  repaymentDateNote:
    '{date} bis {time} ({zone}) bei Genehmigung heute; die Laufzeit beginnt am Tag der Genehmigung',
  apr: 'Effektiver Jahreszins',
  aprAssumptions:
    'Der effektive Jahreszins setzt voraus, dass der volle Betrag bei Genehmigung ausgezahlt und in einer Zahlung bei Fälligkeit zurückgezahlt wird, ein Jahr mit 365 Tagen und keine Kosten außer Zinsen.',
  late: '4. Zahlungsverzug',
  lateText:
    'Wird der Kredit nicht bis zum Ende des Rückzahlungstags zurückgezahlt, wird der fällige Betrag von Ihrem verfügbaren Guthaben eingezogen (teilweise, wenn nur so viel vorhanden ist), und auf den offenen Betrag fallen bis zur Rückzahlung Verzugszinsen von {rate} % pro Tag an ({perDay} USDT pro Tag auf den vollen Betrag), insgesamt nie mehr als {cap} USDT ({capPercent} % des Betrags). Solange ein Kredit überfällig ist, werden Auszahlungen und neue Kredite abgelehnt. Erinnerungen werden am Fälligkeitstag und danach alle {every} Tage gesendet.',
  withdrawal: '5. Widerrufsrecht',
  withdrawalText:
    'Sie können diesen Vertrag innerhalb von {days} Tagen nach Unterzeichnung und nur vor dem Rückzahlungstag ohne Angabe von Gründen und ohne Gebühr widerrufen. Vor der Auszahlung schulden Sie nichts. Nach der Auszahlung zahlen Sie den Kreditbetrag zuzüglich der von der Auszahlung bis zur Rückzahlung angefallenen Zinsen zurück: {perDay} USDT pro Tag nach den ersten {free} zinsfreien Tagen. Betrag für heute: ein Widerruf am Tag der Auszahlung kostet {today} USDT.',
  early: '6. Vorzeitige Rückzahlung',
  earlyText:
    'Sie können jederzeit vor dem Rückzahlungsdatum vollständig zurückzahlen. Zinsen fallen dann nur für die genutzten Tage nach den ersten {free} zinsfreien Tagen an.',
  signature: '7. Unterschrift',
  signatureText: 'Vom Kreditnehmer zu den obigen Bedingungen elektronisch unterzeichnet.',
  hashNote: 'Der SHA-256-Fingerabdruck dieses Dokuments ist beim Kredit gespeichert.',
};

const fr: ContractTexts = {
  title: 'Contrat de prêt et fiche d’information précontractuelle',
  agreementNo: 'Numéro du contrat',
  signedAt: 'Signé le',
  lender: '1. Prêteur',
  borrower: '2. Emprunteur',
  name: 'Nom',
  birthdate: 'Date de naissance',
  document: 'Pièce d’identité',
  documentTypes: { id_card: 'Carte d’identité', driver_licence: 'Permis de conduire', passport: 'Passeport' },
  country: 'Pays',
  address: 'Adresse',
  phone: 'Téléphone',
  credit: '3. Le crédit',
  creditType: 'Type de crédit',
  creditTypeValue: 'Prêt non garanti à durée fixe, remboursé en une fois à l’échéance',
  amount: 'Montant total du crédit',
  duration: 'Durée',
  durationValue: '{days} jours à compter de l’approbation',
  borrowingRate: 'Taux débiteur (fixe)',
  borrowingRateValue: '{daily} % par jour ({annual} % par an)',
  interestFreeDays: 'Jours sans intérêts',
  daysValue: '{days} jours',
  totalInterest: 'Total des intérêts',
  totalPayable: 'Montant total dû',
  repaymentDate: 'Date de remboursement',
  repaymentDateNote:
    '{date} jusqu’à {time} ({zone}) en cas d’approbation aujourd’hui ; la durée court à partir du jour de l’approbation',
  apr: 'Taux annuel effectif global (TAEG)',
  aprAssumptions:
    'Le TAEG suppose que le montant total est versé à l’approbation et remboursé en une fois à l’échéance, une année de 365 jours et aucun frais autre que les intérêts.',
  late: '4. Retard de paiement',
  lateText:
    'Si le prêt n’est pas remboursé à la fin de la date de remboursement, la somme due est prélevée sur votre solde disponible (en partie s’il ne suffit pas), et des intérêts de retard de {rate} % par jour du montant impayé ({perDay} USDT par jour sur le montant total) courent jusqu’au remboursement, sans jamais dépasser {cap} USDT au total ({capPercent} % du montant). Tant qu’un prêt est en retard, les retraits et les nouveaux prêts sont refusés. Des rappels sont envoyés à l’échéance puis tous les {every} jours.',
  withdrawal: '5. Droit de rétractation',
  withdrawalText:
    'Vous pouvez vous rétracter de ce contrat dans les {days} jours suivant la signature, et seulement avant la date de remboursement, sans motif et sans frais. Avant le versement du prêt, rien n’est dû. Après le versement, vous remboursez le capital et les intérêts courus du versement au remboursement : {perDay} USDT par jour après les {free} premiers jours sans intérêts. Montant du jour : se rétracter le jour du versement coûte {today} USDT.',
  early: '6. Remboursement anticipé',
  earlyText:
    'Vous pouvez rembourser la totalité à tout moment avant l’échéance. Les intérêts ne sont alors dus que pour les jours utilisés au-delà des {free} premiers jours sans intérêts.',
  signature: '7. Signature',
  signatureText: 'Signé électroniquement par l’emprunteur aux conditions ci-dessus.',
  hashNote: 'L’empreinte SHA-256 de ce document est conservée avec le prêt.',
};

const es: ContractTexts = {
  title: 'Contrato de préstamo e información precontractual',
  agreementNo: 'Número de contrato',
  signedAt: 'Firmado el',
  lender: '1. Prestamista',
  borrower: '2. Prestatario',
  name: 'Nombre',
  birthdate: 'Fecha de nacimiento',
  document: 'Documento de identidad',
  documentTypes: {
    id_card: 'Documento de identidad',
    driver_licence: 'Permiso de conducir',
    passport: 'Pasaporte',
  },
  country: 'País',
  address: 'Dirección',
  phone: 'Teléfono',
  credit: '3. El crédito',
  creditType: 'Tipo de crédito',
  creditTypeValue: 'Préstamo sin garantía a plazo fijo, reembolsado en un solo pago al vencimiento',
  amount: 'Importe total del crédito',
  duration: 'Duración',
  durationValue: '{days} días desde la aprobación',
  borrowingRate: 'Tipo deudor (fijo)',
  borrowingRateValue: '{daily} % al día ({annual} % al año)',
  interestFreeDays: 'Días sin intereses',
  daysValue: '{days} días',
  totalInterest: 'Intereses totales',
  totalPayable: 'Importe total adeudado',
  repaymentDate: 'Fecha de reembolso',
  repaymentDateNote:
    '{date} hasta las {time} ({zone}) si se aprueba hoy; el plazo cuenta desde el día de la aprobación',
  apr: 'Tasa anual equivalente (TAE)',
  aprAssumptions:
    'La TAE supone que el importe total se abona en la aprobación y se reembolsa en un solo pago al vencimiento, un año de 365 días y ningún gasto aparte de los intereses.',
  late: '4. Impago',
  lateText:
    'Si el préstamo no se reembolsa antes de que termine la fecha de reembolso, lo adeudado se cobra de su saldo disponible (en parte si no alcanza), y sobre el importe impagado se devengan intereses de demora del {rate} % al día ({perDay} USDT al día sobre el importe total) hasta su reembolso, nunca más de {cap} USDT en total ({capPercent} % del importe). Mientras un préstamo esté vencido, se rechazan los retiros y los nuevos préstamos. Se envían recordatorios en la fecha de vencimiento y cada {every} días después.',
  withdrawal: '5. Derecho de desistimiento',
  withdrawalText:
    'Puede desistir de este contrato en los {days} días siguientes a la firma, y solo antes de la fecha de reembolso, sin indicar motivo y sin comisión. Antes del desembolso no se debe nada. Después del desembolso, devuelve el principal más los intereses devengados desde el desembolso hasta el reembolso: {perDay} USDT al día tras los primeros {free} días sin intereses. Importe de hoy: desistir el día del desembolso cuesta {today} USDT.',
  early: '6. Reembolso anticipado',
  earlyText:
    'Puede reembolsar la totalidad en cualquier momento antes de la fecha de reembolso. Solo se cobran intereses por los días utilizados después de los primeros {free} días sin intereses.',
  signature: '7. Firma',
  signatureText: 'Firmado electrónicamente por el prestatario en las condiciones anteriores.',
  hashNote: 'La huella SHA-256 de este documento se guarda con el préstamo.',
};

const it: ContractTexts = {
  title: 'Contratto di prestito e informazioni precontrattuali',
  agreementNo: 'Numero del contratto',
  signedAt: 'Firmato il',
  lender: '1. Finanziatore',
  borrower: '2. Mutuatario',
  name: 'Nome',
  birthdate: 'Data di nascita',
  document: 'Documento d’identità',
  documentTypes: { id_card: 'Carta d’identità', driver_licence: 'Patente di guida', passport: 'Passaporto' },
  country: 'Paese',
  address: 'Indirizzo',
  phone: 'Telefono',
  credit: '3. Il credito',
  creditType: 'Tipo di credito',
  creditTypeValue: 'Prestito non garantito a durata fissa, rimborsato in un’unica soluzione alla scadenza',
  amount: 'Importo totale del credito',
  duration: 'Durata',
  durationValue: '{days} giorni dall’approvazione',
  borrowingRate: 'Tasso debitore (fisso)',
  borrowingRateValue: '{daily} % al giorno ({annual} % all’anno)',
  interestFreeDays: 'Giorni senza interessi',
  daysValue: '{days} giorni',
  totalInterest: 'Interessi totali',
  totalPayable: 'Importo totale dovuto',
  repaymentDate: 'Data di rimborso',
  repaymentDateNote:
    '{date} fino alle {time} ({zone}) se approvato oggi; la durata decorre dal giorno dell’approvazione',
  apr: 'Tasso annuo effettivo globale (TAEG)',
  aprAssumptions:
    'Il TAEG presuppone che l’intero importo sia erogato all’approvazione e rimborsato in un’unica soluzione alla scadenza, un anno di 365 giorni e nessun costo oltre agli interessi.',
  late: '4. Ritardo nei pagamenti',
  lateText:
    'Se il prestito non è rimborsato entro la fine della data di rimborso, quanto dovuto viene riscosso dal tuo saldo disponibile (in parte se non basta) e sull’importo non pagato maturano interessi di mora del {rate} % al giorno ({perDay} USDT al giorno sull’intero importo) fino al rimborso, mai oltre {cap} USDT in totale ({capPercent} % dell’importo). Finché un prestito è scaduto, prelievi e nuovi prestiti sono rifiutati. I promemoria sono inviati alla scadenza e poi ogni {every} giorni.',
  withdrawal: '5. Diritto di recesso',
  withdrawalText:
    'Puoi recedere da questo contratto entro {days} giorni dalla firma, e solo prima della data di rimborso, senza indicarne il motivo e senza costi. Prima dell’erogazione non devi nulla. Dopo l’erogazione restituisci il capitale più gli interessi maturati dall’erogazione al rimborso: {perDay} USDT al giorno dopo i primi {free} giorni senza interessi. Importo di oggi: recedere il giorno dell’erogazione costa {today} USDT.',
  early: '6. Rimborso anticipato',
  earlyText:
    'Puoi rimborsare l’intero importo in qualsiasi momento prima della data di rimborso. Gli interessi sono dovuti solo per i giorni utilizzati oltre i primi {free} giorni senza interessi.',
  signature: '7. Firma',
  signatureText: 'Firmato elettronicamente dal mutuatario alle condizioni sopra indicate.',
  hashNote: 'L’impronta SHA-256 di questo documento è conservata con il prestito.',
};

const ar: ContractTexts = {
  title: 'اتفاقية القرض وملخص الائتمان قبل التعاقد',
  agreementNo: 'رقم الاتفاقية',
  signedAt: 'تاريخ التوقيع',
  lender: '1. المُقرض',
  borrower: '2. المقترض',
  name: 'الاسم',
  birthdate: 'تاريخ الميلاد',
  document: 'وثيقة الهوية',
  documentTypes: { id_card: 'بطاقة الهوية', driver_licence: 'رخصة القيادة', passport: 'جواز السفر' },
  country: 'البلد',
  address: 'العنوان',
  phone: 'الهاتف',
  credit: '3. الائتمان',
  creditType: 'نوع الائتمان',
  creditTypeValue: 'قرض غير مضمون لمدة محددة يُسدَّد دفعة واحدة عند الاستحقاق',
  amount: 'إجمالي مبلغ الائتمان',
  duration: 'المدة',
  durationValue: '{days} يومًا من تاريخ الموافقة',
  borrowingRate: 'سعر الاقتراض (ثابت)',
  borrowingRateValue: '{daily} % يوميًا ({annual} % سنويًا)',
  interestFreeDays: 'أيام بدون فائدة',
  daysValue: '{days} أيام',
  totalInterest: 'إجمالي الفائدة',
  totalPayable: 'إجمالي المبلغ المستحق',
  repaymentDate: 'تاريخ السداد',
  repaymentDateNote: '{date} حتى الساعة {time} ({zone}) إذا تمت الموافقة اليوم؛ تبدأ المدة من يوم الموافقة',
  apr: 'معدل النسبة السنوي (APR)',
  aprAssumptions:
    'يفترض معدل النسبة السنوي صرف المبلغ كاملًا عند الموافقة وسداده دفعة واحدة عند الاستحقاق، وسنة من 365 يومًا، وعدم وجود رسوم غير الفائدة.',
  late: '4. التأخر في السداد',
  lateText:
    'إذا لم يُسدَّد القرض قبل نهاية تاريخ السداد، يُحصَّل المبلغ المستحق من رصيدك المتاح (جزئيًا إن لم يكفِ)، وتُحتسب على المبلغ غير المسدد فائدة تأخير قدرها {rate} % يوميًا ({perDay} USDT يوميًا على كامل المبلغ) حتى السداد، على ألا تتجاوز {cap} USDT إجمالًا ({capPercent} % من المبلغ). ما دام القرض متأخرًا تُرفض عمليات السحب والقروض الجديدة. تُرسَل تذكيرات في تاريخ الاستحقاق ثم كل {every} أيام.',
  withdrawal: '5. حق الانسحاب',
  withdrawalText:
    'يمكنك الانسحاب من هذه الاتفاقية خلال {days} يومًا من التوقيع، وقبل تاريخ السداد فقط، دون إبداء أسباب ودون أي رسوم. قبل صرف القرض لا يُستحق عليك شيء. بعد الصرف تعيد أصل المبلغ مع الفائدة المستحقة من الصرف حتى السداد: {perDay} USDT يوميًا بعد أول {free} أيام بدون فائدة. مبلغ اليوم: الانسحاب في يوم الصرف يكلّف {today} USDT.',
  early: '6. السداد المبكر',
  earlyText:
    'يمكنك السداد بالكامل في أي وقت قبل تاريخ السداد. وعندها تُحتسب الفائدة فقط عن الأيام المستخدمة بعد أول {free} أيام بدون فائدة.',
  signature: '7. التوقيع',
  signatureText: 'وقّع المقترض إلكترونيًا على الشروط المذكورة أعلاه.',
  hashNote: 'تُحفظ بصمة SHA-256 لهذا المستند مع القرض.',
};

export const contractTexts: Record<Lang, ContractTexts> = {
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  ja,
  ko,
  de,
  fr,
  es,
  it,
  ar,
};

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
