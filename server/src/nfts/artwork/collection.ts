/**
 * The collection shipped with SWX for a fresh install: four artworks drawn for this project as SVG by the SWX
 * team. Licence: CC0 1.0 Universal (public domain dedication) — anyone may copy, change and sell them; the
 * text of the dedication is at https://creativecommons.org/publicdomain/zero/1.0/. The seed rasterises them
 * to PNG through the same re-encoding as staff uploads and lists them as the charity's own auctions.
 *
 * Contract addresses are the project's own placeholders on a test network (no token exists on chain): the
 * listings say that custody is on the platform and on-chain withdrawal is not offered.
 */
export interface ShippedArtwork {
  slug: string;
  title: string;
  creator: string;
  chain: string;
  contractAddress: string;
  tokenId: string;
  startingBid: string;
  /** Days from the install until the auction ends. */
  days: number;
  descriptions: Record<string, string>;
  svg: string;
}

export const shippedCharity = 'Children’s Hope Fund';
export const shippedLicence = 'CC0-1.0';
const contract = '0x5357580000000000000000000000000000000001';

const frame = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">${body}</svg>`;

const sunrise = frame(`
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#1d3557"/><stop offset="0.6" stop-color="#e76f51"/><stop offset="1" stop-color="#f4a261"/>
  </linearGradient></defs>
  <rect width="600" height="600" fill="url(#sky)"/>
  <circle cx="300" cy="390" r="110" fill="#ffd166"/>
  <path d="M0 420 Q150 360 300 420 T600 420 V600 H0Z" fill="#264653"/>
  <path d="M0 480 Q150 440 300 480 T600 480 V600 H0Z" fill="#2a9d8f"/>`);

const paperBoats = frame(`
  <rect width="600" height="600" fill="#a8dadc"/>
  <path d="M0 430 Q75 410 150 430 T300 430 T450 430 T600 430 V600 H0Z" fill="#457b9d"/>
  <path d="M120 400 L240 400 L215 440 L145 440Z" fill="#f1faee"/><path d="M180 330 L180 400 L230 400Z" fill="#e63946"/>
  <path d="M340 410 L480 410 L450 455 L370 455Z" fill="#f1faee"/><path d="M410 320 L410 410 L470 410Z" fill="#ffb703"/>
  <circle cx="480" cy="120" r="50" fill="#fefae0"/>`);

const kiteDay = frame(`
  <rect width="600" height="600" fill="#caf0f8"/>
  <path d="M300 90 L390 200 L300 330 L210 200Z" fill="#ef476f"/>
  <path d="M300 90 L300 330 M210 200 L390 200" stroke="#073b4c" stroke-width="6"/>
  <path d="M300 330 Q260 400 320 450 T300 560" fill="none" stroke="#073b4c" stroke-width="4"/>
  <path d="M290 400 l20 10 l-20 10Z M300 470 l20 10 l-20 10Z" fill="#ffd166"/>
  <rect y="540" width="600" height="60" fill="#06d6a0"/>`);

const lanterns = frame(`
  <rect width="600" height="600" fill="#14213d"/>
  <circle cx="90" cy="80" r="3" fill="#fff"/><circle cx="520" cy="60" r="2" fill="#fff"/><circle cx="450" cy="150" r="2" fill="#fff"/>
  <ellipse cx="180" cy="260" rx="60" ry="80" fill="#fca311"/><rect x="160" y="335" width="40" height="16" fill="#e5e5e5"/>
  <ellipse cx="330" cy="190" rx="48" ry="64" fill="#fb8500"/><rect x="314" y="250" width="32" height="12" fill="#e5e5e5"/>
  <ellipse cx="450" cy="320" rx="55" ry="74" fill="#ffb703"/><rect x="432" y="390" width="36" height="14" fill="#e5e5e5"/>
  <path d="M0 520 Q300 470 600 520 V600 H0Z" fill="#000814"/>`);

export const shippedCollection: ShippedArtwork[] = [
  {
    slug: 'sunrise-over-the-bay',
    title: 'Sunrise over the Bay',
    creator: 'SWX Studio',
    chain: 'Ethereum (Sepolia testnet)',
    contractAddress: contract,
    tokenId: '1',
    startingBid: '50',
    days: 3,
    descriptions: {
      en: 'A warm sunrise over quiet water: the first light of a new school day.',
      'zh-CN': '宁静海面上的温暖日出：新学期第一天的曙光。',
      'zh-TW': '寧靜海面上的溫暖日出：新學期第一天的曙光。',
      ja: '静かな海に昇る温かな朝日。新しい学校の一日の最初の光。',
      ko: '고요한 바다 위 따뜻한 일출: 새 학기 첫날의 첫 빛.',
      de: 'Ein warmer Sonnenaufgang über stillem Wasser: das erste Licht eines neuen Schultags.',
      fr: 'Un lever de soleil chaleureux sur une eau calme : la première lumière d’un jour d’école.',
      es: 'Un cálido amanecer sobre aguas tranquilas: la primera luz de un nuevo día de escuela.',
      it: 'Un’alba calda sull’acqua tranquilla: la prima luce di un nuovo giorno di scuola.',
      ar: 'شروق دافئ فوق مياه هادئة: أول ضوء ليوم دراسي جديد.',
    },
    svg: sunrise,
  },
  {
    slug: 'paper-boats',
    title: 'Paper Boats',
    creator: 'SWX Studio',
    chain: 'Ethereum (Sepolia testnet)',
    contractAddress: contract,
    tokenId: '2',
    startingBid: '80',
    days: 5,
    descriptions: {
      en: 'Two paper boats setting out together, folded from the pages of a favourite book.',
      'zh-CN': '两只纸船结伴启航，由一本心爱的书页折成。',
      'zh-TW': '兩隻紙船結伴啟航，由一本心愛的書頁摺成。',
      ja: 'お気に入りの本のページで折った二艘の紙の舟が、一緒に漕ぎ出す。',
      ko: '좋아하는 책의 페이지로 접은 종이배 두 척이 함께 떠납니다.',
      de: 'Zwei Papierboote brechen gemeinsam auf, gefaltet aus den Seiten eines Lieblingsbuchs.',
      fr: 'Deux bateaux de papier partent ensemble, pliés dans les pages d’un livre préféré.',
      es: 'Dos barcos de papel zarpan juntos, doblados con las páginas de un libro favorito.',
      it: 'Due barchette di carta salpano insieme, piegate dalle pagine di un libro del cuore.',
      ar: 'قاربان من الورق ينطلقان معًا، مطويان من صفحات كتاب مفضل.',
    },
    svg: paperBoats,
  },
  {
    slug: 'kite-day',
    title: 'Kite Day',
    creator: 'SWX Studio',
    chain: 'Ethereum (Sepolia testnet)',
    contractAddress: contract,
    tokenId: '3',
    startingBid: '120',
    days: 7,
    descriptions: {
      en: 'A bright kite on a windy afternoon, its tail tied with ribbons.',
      'zh-CN': '大风午后的一只明亮风筝，尾巴系着彩带。',
      'zh-TW': '大風午後的一隻明亮風箏，尾巴繫著彩帶。',
      ja: '風の強い午後、リボンを結んだしっぽの明るい凧。',
      ko: '바람 부는 오후의 밝은 연, 꼬리에 리본이 묶여 있습니다.',
      de: 'Ein leuchtender Drachen an einem windigen Nachmittag, der Schwanz mit Bändern geschmückt.',
      fr: 'Un cerf-volant éclatant par un après-midi venteux, la queue nouée de rubans.',
      es: 'Una cometa brillante en una tarde de viento, con la cola atada con cintas.',
      it: 'Un aquilone luminoso in un pomeriggio ventoso, la coda legata con nastri.',
      ar: 'طائرة ورقية زاهية في عصر عاصف، ذيلها مربوط بشرائط.',
    },
    svg: kiteDay,
  },
  {
    slug: 'lanterns',
    title: 'Lanterns',
    creator: 'SWX Studio',
    chain: 'Ethereum (Sepolia testnet)',
    contractAddress: contract,
    tokenId: '4',
    startingBid: '100',
    days: 10,
    descriptions: {
      en: 'Three lanterns rising into a clear night, each carrying a wish.',
      'zh-CN': '三盏灯笼升入晴朗的夜空，每一盏都承载着一个愿望。',
      'zh-TW': '三盞燈籠升入晴朗的夜空，每一盞都承載著一個願望。',
      ja: '澄んだ夜空へ昇る三つのランタン。それぞれに願いを乗せて。',
      ko: '맑은 밤하늘로 떠오르는 세 개의 등불, 저마다 소원을 담고.',
      de: 'Drei Laternen steigen in eine klare Nacht, jede trägt einen Wunsch.',
      fr: 'Trois lanternes s’élèvent dans une nuit claire, chacune portant un vœu.',
      es: 'Tres farolillos suben a una noche despejada, cada uno con un deseo.',
      it: 'Tre lanterne salgono in una notte limpida, ognuna con un desiderio.',
      ar: 'ثلاثة فوانيس ترتفع في ليلة صافية، يحمل كل منها أمنية.',
    },
    svg: lanterns,
  },
];
