// The offline page in the customer's language (the site keeps it under `language`; Arabic is right-to-left).
// Plain script: the offline page must work with nothing but the files the service worker stored.
(function () {
  var texts = {
    en: [
      'You are offline',
      'SWX needs a connection for prices, orders and your balance. Check your connection and try again.',
      'Try again',
    ],
    'zh-CN': ['您已离线', 'SWX 需要网络连接才能显示行情、订单和余额。请检查网络连接后重试。', '重试'],
    'zh-TW': ['您已離線', 'SWX 需要網路連線才能顯示行情、訂單和餘額。請檢查網路連線後重試。', '重試'],
    ja: [
      'オフラインです',
      'SWX で価格・注文・残高を表示するにはインターネット接続が必要です。接続を確認してもう一度お試しください。',
      '再試行',
    ],
    ko: [
      '오프라인 상태입니다',
      'SWX에서 시세, 주문, 잔액을 보려면 인터넷 연결이 필요합니다. 연결을 확인한 후 다시 시도하세요.',
      '다시 시도',
    ],
    de: [
      'Sie sind offline',
      'SWX braucht eine Verbindung für Kurse, Aufträge und Ihr Guthaben. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
      'Erneut versuchen',
    ],
    fr: [
      'Vous êtes hors ligne',
      'SWX a besoin d’une connexion pour les cours, les ordres et votre solde. Vérifiez votre connexion et réessayez.',
      'Réessayer',
    ],
    it: [
      'Sei offline',
      'SWX ha bisogno di una connessione per prezzi, ordini e saldo. Controlla la connessione e riprova.',
      'Riprova',
    ],
    es: [
      'Estás sin conexión',
      'SWX necesita conexión para mostrar precios, órdenes y tu saldo. Comprueba tu conexión e inténtalo de nuevo.',
      'Reintentar',
    ],
    ar: [
      'أنت غير متصل بالإنترنت',
      'يحتاج SWX إلى اتصال لعرض الأسعار والأوامر ورصيدك. تحقّق من اتصالك ثم حاول مرة أخرى.',
      'إعادة المحاولة',
    ],
  };
  var lang = null;
  try {
    lang = window.localStorage.getItem('language');
  } catch {
    lang = null; // storage refused (private browsing): English
  }
  if (!texts[lang]) lang = 'en';
  var html = document.documentElement;
  html.lang = lang;
  html.dir = lang === 'ar' ? 'rtl' : 'ltr';
  document.title = texts[lang][0] + ' · SWX';
  document.getElementById('offline-title').textContent = texts[lang][0];
  document.getElementById('offline-text').textContent = texts[lang][1];
  document.getElementById('offline-retry').textContent = texts[lang][2];
})();
