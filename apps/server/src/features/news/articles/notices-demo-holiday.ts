import type { ArticleSeed } from './types.js';

/** The demo-account guide and the year-end trading hours. */
export const DEMO_AND_HOLIDAY: readonly ArticleSeed[] = [
  {
    id: 3,
    category: 1,
    slug: 'demo-account-guide',
    mark: 'D',
    color: '#2e7d32',
    published: '2026-08-01T08:00:00Z',
    texts: {
      en: {
        title: 'Getting started with a demo account',
        desc: 'Practise with 100,000 virtual USD, live prices and no registration.',
        content:
          '<p>A demo account lets you try every trading feature with virtual money. Tap <strong>Try a demo account</strong> on the login page: the account opens at once with a balance of 100,000 USD.</p><ol><li>Pick an instrument on the Markets page.</li><li>Choose the leverage and lot size, then buy or sell.</li><li>Follow your positions, margin and risk rate under Orders.</li></ol><p>You can reset the demo balance at any time from the Me page. Deposits and withdrawals need a registered real account.</p>',
      },
      hk: {
        title: '模擬帳戶入門',
        desc: '以 100,000 虛擬美元、實時報價練習，無需註冊。',
        content:
          '<p>模擬帳戶讓您以虛擬資金體驗所有交易功能。在登入頁點擊<strong>試用模擬帳戶</strong>，帳戶即時開立，結餘為 100,000 美元。</p><ol><li>在行情頁選擇產品。</li><li>選擇槓桿及手數，然後買入或賣出。</li><li>在訂單頁查看持倉、保證金及風險率。</li></ol><p>您可隨時在「我的」頁面重設模擬結餘。存款及提款需使用已註冊的真實帳戶。</p>',
      },
      jp: {
        title: 'デモ口座の始め方',
        desc: '登録不要、仮想資金 100,000 USD とリアルタイム価格で練習できます。',
        content:
          '<p>デモ口座では、仮想資金ですべての取引機能をお試しいただけます。ログイン画面で<strong>デモ口座を試す</strong>をタップすると、残高 100,000 USD の口座がすぐに開設されます。</p><ol><li>マーケット画面で銘柄を選びます。</li><li>レバレッジとロット数を選び、買いまたは売りを行います。</li><li>注文画面でポジション、証拠金、リスク率を確認します。</li></ol><p>デモ残高はマイページからいつでもリセットできます。入出金には登録済みのリアル口座が必要です。</p>',
      },
      kr: {
        title: '모의 계좌 시작하기',
        desc: '가입 없이 가상 100,000 USD와 실시간 시세로 연습하세요.',
        content:
          '<p>모의 계좌로 가상 자금을 사용해 모든 거래 기능을 체험할 수 있습니다. 로그인 화면에서 <strong>모의 계좌 체험</strong>을 누르면 잔액 100,000 USD의 계좌가 바로 개설됩니다.</p><ol><li>시세 화면에서 상품을 선택합니다.</li><li>레버리지와 랏 수를 정한 뒤 매수 또는 매도합니다.</li><li>주문 화면에서 포지션, 증거금, 위험률을 확인합니다.</li></ol><p>모의 잔액은 내 정보 화면에서 언제든 초기화할 수 있습니다. 입출금은 등록된 실계좌가 필요합니다.</p>',
      },
      th: {
        title: 'เริ่มต้นใช้งานบัญชีทดลอง',
        desc: 'ฝึกเทรดด้วยเงินเสมือน 100,000 USD ราคาสด และไม่ต้องลงทะเบียน',
        content:
          '<p>บัญชีทดลองช่วยให้คุณลองใช้ฟีเจอร์การเทรดทั้งหมดด้วยเงินเสมือน แตะ<strong>ทดลองใช้บัญชีทดลอง</strong>ที่หน้าเข้าสู่ระบบ บัญชีจะเปิดทันทีพร้อมยอดเงิน 100,000 USD</p><ol><li>เลือกสินค้าในหน้าตลาด</li><li>เลือกเลเวอเรจและขนาดล็อต แล้วกดซื้อหรือขาย</li><li>ติดตามโพซิชัน มาร์จิ้น และอัตราความเสี่ยงในหน้าคำสั่งซื้อขาย</li></ol><p>คุณสามารถรีเซ็ตยอดเงินทดลองได้ทุกเมื่อจากหน้าของฉัน การฝากและถอนเงินต้องใช้บัญชีจริงที่ลงทะเบียนแล้ว</p>',
      },
      vn: {
        title: 'Bắt đầu với tài khoản demo',
        desc: 'Luyện tập với 100.000 USD ảo, giá trực tiếp và không cần đăng ký.',
        content:
          '<p>Tài khoản demo cho phép bạn thử mọi tính năng giao dịch bằng tiền ảo. Chạm <strong>Dùng thử tài khoản demo</strong> tại trang đăng nhập: tài khoản được mở ngay với số dư 100.000 USD.</p><ol><li>Chọn sản phẩm trên trang Thị trường.</li><li>Chọn đòn bẩy và khối lượng lot, sau đó mua hoặc bán.</li><li>Theo dõi vị thế, ký quỹ và tỷ lệ rủi ro trong mục Lệnh.</li></ol><p>Bạn có thể đặt lại số dư demo bất cứ lúc nào tại trang Tôi. Nạp và rút tiền cần tài khoản thật đã đăng ký.</p>',
      },
      fr: {
        title: 'Bien démarrer avec un compte démo',
        desc: 'Entraînez-vous avec 100 000 USD virtuels, des prix en direct et sans inscription.',
        content:
          '<p>Un compte démo vous permet d’essayer toutes les fonctions de trading avec de l’argent virtuel. Touchez <strong>Essayer un compte démo</strong> sur la page de connexion : le compte s’ouvre aussitôt avec un solde de 100 000 USD.</p><ol><li>Choisissez un instrument sur la page Marchés.</li><li>Sélectionnez l’effet de levier et la taille du lot, puis achetez ou vendez.</li><li>Suivez vos positions, votre marge et votre taux de risque dans Ordres.</li></ol><p>Vous pouvez réinitialiser le solde démo à tout moment depuis la page Moi. Les dépôts et retraits nécessitent un compte réel enregistré.</p>',
      },
      de: {
        title: 'Erste Schritte mit einem Demokonto',
        desc: 'Üben Sie mit 100.000 virtuellen USD und Live-Kursen, ganz ohne Registrierung.',
        content:
          '<p>Mit einem Demokonto testen Sie alle Handelsfunktionen mit virtuellem Geld. Tippen Sie auf der Anmeldeseite auf <strong>Demokonto testen</strong>: Das Konto wird sofort mit einem Guthaben von 100.000 USD eröffnet.</p><ol><li>Wählen Sie auf der Seite Märkte ein Instrument.</li><li>Legen Sie Hebel und Lotgröße fest und kaufen oder verkaufen Sie.</li><li>Verfolgen Sie Positionen, Margin und Risikoquote unter Orders.</li></ol><p>Das Demoguthaben können Sie jederzeit auf der Seite Ich zurücksetzen. Ein- und Auszahlungen erfordern ein registriertes Echtgeldkonto.</p>',
      },
      ru: {
        title: 'Как начать работу с демо-счётом',
        desc: 'Тренируйтесь со 100 000 виртуальных USD на живых котировках без регистрации.',
        content:
          '<p>Демо-счёт позволяет опробовать все торговые функции на виртуальные деньги. Нажмите <strong>Открыть демо-счёт</strong> на странице входа — счёт откроется сразу с балансом 100 000 USD.</p><ol><li>Выберите инструмент на странице «Рынки».</li><li>Укажите кредитное плечо и объём в лотах, затем купите или продайте.</li><li>Следите за позициями, маржой и уровнем риска в разделе «Ордера».</li></ol><p>Сбросить демо-баланс можно в любой момент на странице «Я». Для пополнения и вывода средств нужен зарегистрированный реальный счёт.</p>',
      },
      spa: {
        title: 'Primeros pasos con una cuenta demo',
        desc: 'Practique con 100.000 USD virtuales, precios en vivo y sin registro.',
        content:
          '<p>Una cuenta demo le permite probar todas las funciones de trading con dinero virtual. Pulse <strong>Probar una cuenta demo</strong> en la página de inicio de sesión: la cuenta se abre al instante con un saldo de 100.000 USD.</p><ol><li>Elija un instrumento en la página Mercados.</li><li>Seleccione el apalancamiento y el tamaño del lote, y compre o venda.</li><li>Siga sus posiciones, margen y nivel de riesgo en Órdenes.</li></ol><p>Puede restablecer el saldo demo en cualquier momento desde la página Yo. Los depósitos y retiros requieren una cuenta real registrada.</p>',
      },
      pt: {
        title: 'Primeiros passos com uma conta demo',
        desc: 'Pratique com 100.000 USD virtuais, preços em tempo real e sem registo.',
        content:
          '<p>Uma conta demo permite experimentar todas as funções de negociação com dinheiro virtual. Toque em <strong>Experimentar conta demo</strong> na página de início de sessão: a conta abre de imediato com um saldo de 100.000 USD.</p><ol><li>Escolha um instrumento na página Mercados.</li><li>Selecione a alavancagem e o tamanho do lote e depois compre ou venda.</li><li>Acompanhe posições, margem e taxa de risco em Ordens.</li></ol><p>Pode repor o saldo demo a qualquer momento na página Eu. Depósitos e levantamentos exigem uma conta real registada.</p>',
      },
      ar: {
        title: 'البدء باستخدام الحساب التجريبي',
        desc: 'تدرّب بمبلغ 100,000 دولار افتراضي وأسعار مباشرة ومن دون تسجيل.',
        content:
          '<p>يتيح لك الحساب التجريبي تجربة جميع ميزات التداول بأموال افتراضية. اضغط على <strong>جرّب حسابًا تجريبيًا</strong> في صفحة تسجيل الدخول، فيُفتح الحساب فورًا برصيد 100,000 دولار.</p><ol><li>اختر أداة من صفحة الأسواق.</li><li>حدّد الرافعة المالية وحجم اللوت، ثم اشترِ أو بِع.</li><li>تابع مراكزك والهامش ومعدل المخاطرة في صفحة الأوامر.</li></ol><p>يمكنك إعادة ضبط الرصيد التجريبي في أي وقت من صفحة حسابي. يتطلب الإيداع والسحب حسابًا حقيقيًا مسجّلًا.</p>',
      },
      it: {
        title: 'Iniziare con un conto demo',
        desc: 'Esercitati con 100.000 USD virtuali, prezzi in tempo reale e senza registrazione.',
        content:
          '<p>Un conto demo ti permette di provare tutte le funzioni di trading con denaro virtuale. Tocca <strong>Prova un conto demo</strong> nella pagina di accesso: il conto si apre subito con un saldo di 100.000 USD.</p><ol><li>Scegli uno strumento nella pagina Mercati.</li><li>Seleziona leva e dimensione del lotto, poi compra o vendi.</li><li>Segui posizioni, margine e tasso di rischio in Ordini.</li></ol><p>Puoi azzerare il saldo demo in qualsiasi momento dalla pagina Io. Depositi e prelievi richiedono un conto reale registrato.</p>',
      },
      tr: {
        title: 'Demo hesapla başlangıç',
        desc: '100.000 sanal USD ve canlı fiyatlarla, kayıt olmadan pratik yapın.',
        content:
          '<p>Demo hesap, tüm işlem özelliklerini sanal parayla denemenizi sağlar. Giriş sayfasında <strong>Demo hesabı dene</strong>’ye dokunun: hesap 100.000 USD bakiyeyle hemen açılır.</p><ol><li>Piyasalar sayfasından bir enstrüman seçin.</li><li>Kaldıraç ve lot miktarını belirleyip alın ya da satın.</li><li>Pozisyonlarınızı, teminatı ve risk oranını Emirler bölümünden izleyin.</li></ol><p>Demo bakiyesini Ben sayfasından istediğiniz zaman sıfırlayabilirsiniz. Para yatırma ve çekme için kayıtlı bir gerçek hesap gerekir.</p>',
      },
    },
  },
  {
    id: 4,
    category: 1,
    slug: 'year-end-trading-hours',
    mark: 'H',
    color: '#00897b',
    published: '2026-11-12T08:00:00Z',
    texts: {
      en: {
        title: 'Trading hours over Christmas and New Year',
        desc: 'Markets close early on 24 and 31 December and stay closed on 25 December and 1 January.',
        content:
          '<p>Over the holidays, liquidity is thin and several markets change their hours:</p><ul><li><strong>24 and 31 December:</strong> forex, metals and indices close at 22:00 London time.</li><li><strong>25 December and 1 January:</strong> all markets are closed except cryptocurrencies.</li><li>Normal hours resume on 2 January 2027.</li></ul><p>Spreads may widen around these closures. Pending orders stay in place and take-profit and stop-loss levels remain active when markets reopen.</p>',
      },
      hk: {
        title: '聖誕及新年期間交易時間',
        desc: '12 月 24 日及 31 日提早收市，12 月 25 日及 1 月 1 日休市。',
        content:
          '<p>假期期間市場流動性較低，多個市場的交易時間將有所調整：</p><ul><li><strong>12 月 24 日及 31 日：</strong>外匯、貴金屬及指數於倫敦時間 22:00 收市。</li><li><strong>12 月 25 日及 1 月 1 日：</strong>除加密貨幣外，所有市場休市。</li><li>2027 年 1 月 2 日恢復正常交易時間。</li></ul><p>休市前後點差可能擴大。掛單會保留，止盈及止損將於市場重開時繼續生效。</p>',
      },
      jp: {
        title: 'クリスマス・年末年始の取引時間',
        desc: '12月24日と31日は早期終了、12月25日と1月1日は休場となります。',
        content:
          '<p>年末年始は流動性が低下し、いくつかの市場で取引時間が変更されます。</p><ul><li><strong>12月24日・31日：</strong>FX、貴金属、株価指数はロンドン時間 22:00 に終了します。</li><li><strong>12月25日・1月1日：</strong>暗号資産を除くすべての市場が休場です。</li><li>2027年1月2日より通常の取引時間に戻ります。</li></ul><p>休場の前後はスプレッドが拡大する場合があります。指値注文は維持され、利益確定・損切りの設定は市場再開時も有効です。</p>',
      },
      kr: {
        title: '성탄절 및 연말연시 거래 시간',
        desc: '12월 24일과 31일은 조기 마감하며, 12월 25일과 1월 1일은 휴장합니다.',
        content:
          '<p>연휴 기간에는 유동성이 낮아 여러 시장의 거래 시간이 변경됩니다.</p><ul><li><strong>12월 24일, 31일:</strong> 외환, 금속, 지수는 런던 시간 22:00에 마감합니다.</li><li><strong>12월 25일, 1월 1일:</strong> 암호화폐를 제외한 모든 시장이 휴장합니다.</li><li>2027년 1월 2일부터 정상 거래 시간으로 돌아갑니다.</li></ul><p>휴장 전후로 스프레드가 확대될 수 있습니다. 대기 주문은 유지되며, 이익 실현 및 손절 설정은 시장 재개 시에도 유효합니다.</p>',
      },
      th: {
        title: 'เวลาทำการซื้อขายช่วงคริสต์มาสและปีใหม่',
        desc: 'ตลาดปิดเร็วในวันที่ 24 และ 31 ธันวาคม และปิดทำการในวันที่ 25 ธันวาคมและ 1 มกราคม',
        content:
          '<p>ในช่วงวันหยุด สภาพคล่องต่ำและหลายตลาดปรับเวลาทำการ:</p><ul><li><strong>24 และ 31 ธันวาคม:</strong> ฟอเร็กซ์ โลหะ และดัชนีปิดเวลา 22:00 น. ตามเวลาลอนดอน</li><li><strong>25 ธันวาคม และ 1 มกราคม:</strong> ทุกตลาดปิดทำการ ยกเว้นคริปโทเคอร์เรนซี</li><li>กลับสู่เวลาปกติในวันที่ 2 มกราคม 2027</li></ul><p>สเปรดอาจกว้างขึ้นในช่วงก่อนและหลังการปิดตลาด คำสั่งรอดำเนินการยังคงอยู่ และระดับทำกำไรและตัดขาดทุนยังมีผลเมื่อตลาดเปิดอีกครั้ง</p>',
      },
      vn: {
        title: 'Giờ giao dịch dịp Giáng sinh và Năm mới',
        desc: 'Thị trường đóng cửa sớm ngày 24 và 31/12, nghỉ giao dịch ngày 25/12 và 1/1.',
        content:
          '<p>Trong kỳ nghỉ, thanh khoản thấp và nhiều thị trường thay đổi giờ giao dịch:</p><ul><li><strong>24 và 31/12:</strong> ngoại hối, kim loại và chỉ số đóng cửa lúc 22:00 giờ London.</li><li><strong>25/12 và 1/1:</strong> tất cả thị trường nghỉ, trừ tiền mã hóa.</li><li>Giờ giao dịch bình thường trở lại từ ngày 2/1/2027.</li></ul><p>Chênh lệch giá có thể nới rộng quanh thời điểm đóng cửa. Lệnh chờ vẫn được giữ và mức chốt lời, cắt lỗ vẫn có hiệu lực khi thị trường mở lại.</p>',
      },
      fr: {
        title: 'Horaires de trading à Noël et au Nouvel An',
        desc: 'Clôture anticipée les 24 et 31 décembre, marchés fermés les 25 décembre et 1er janvier.',
        content:
          '<p>Pendant les fêtes, la liquidité est faible et plusieurs marchés modifient leurs horaires :</p><ul><li><strong>24 et 31 décembre :</strong> devises, métaux et indices ferment à 22 h, heure de Londres.</li><li><strong>25 décembre et 1er janvier :</strong> tous les marchés sont fermés, sauf les cryptomonnaies.</li><li>Les horaires habituels reprennent le 2 janvier 2027.</li></ul><p>Les spreads peuvent s’élargir autour de ces fermetures. Les ordres en attente sont conservés et les niveaux de take profit et de stop loss restent actifs à la réouverture.</p>',
      },
      de: {
        title: 'Handelszeiten über Weihnachten und Neujahr',
        desc: 'Am 24. und 31. Dezember früher Handelsschluss, am 25. Dezember und 1. Januar geschlossen.',
        content:
          '<p>Über die Feiertage ist die Liquidität gering und mehrere Märkte ändern ihre Handelszeiten:</p><ul><li><strong>24. und 31. Dezember:</strong> Devisen, Metalle und Indizes schließen um 22:00 Uhr Londoner Zeit.</li><li><strong>25. Dezember und 1. Januar:</strong> Alle Märkte außer Kryptowährungen sind geschlossen.</li><li>Ab dem 2. Januar 2027 gelten wieder die normalen Zeiten.</li></ul><p>Rund um die Schließungen können sich die Spreads ausweiten. Pending Orders bleiben bestehen; Take-Profit- und Stop-Loss-Marken gelten bei Wiedereröffnung weiter.</p>',
      },
      ru: {
        title: 'Часы торговли в Рождество и Новый год',
        desc: '24 и 31 декабря — сокращённый день, 25 декабря и 1 января рынки закрыты.',
        content:
          '<p>В праздники ликвидность снижается, и часы работы ряда рынков меняются:</p><ul><li><strong>24 и 31 декабря:</strong> валюты, металлы и индексы закрываются в 22:00 по лондонскому времени.</li><li><strong>25 декабря и 1 января:</strong> все рынки, кроме криптовалют, закрыты.</li><li>Обычный режим возобновится 2 января 2027 года.</li></ul><p>Вблизи закрытий спреды могут расширяться. Отложенные ордера сохраняются, уровни тейк-профит и стоп-лосс продолжают действовать после открытия рынка.</p>',
      },
      spa: {
        title: 'Horario de trading en Navidad y Año Nuevo',
        desc: 'Cierre anticipado el 24 y 31 de diciembre; mercados cerrados el 25 de diciembre y el 1 de enero.',
        content:
          '<p>Durante las fiestas la liquidez es baja y varios mercados cambian su horario:</p><ul><li><strong>24 y 31 de diciembre:</strong> divisas, metales e índices cierran a las 22:00, hora de Londres.</li><li><strong>25 de diciembre y 1 de enero:</strong> todos los mercados cerrados, salvo las criptomonedas.</li><li>El horario habitual se reanuda el 2 de enero de 2027.</li></ul><p>Los spreads pueden ampliarse en torno a estos cierres. Las órdenes pendientes se mantienen y los niveles de take profit y stop loss siguen activos al reabrir.</p>',
      },
      pt: {
        title: 'Horário de negociação no Natal e Ano Novo',
        desc: 'Fecho antecipado a 24 e 31 de dezembro; mercados fechados a 25 de dezembro e 1 de janeiro.',
        content:
          '<p>Durante as festas a liquidez é reduzida e vários mercados alteram o horário:</p><ul><li><strong>24 e 31 de dezembro:</strong> forex, metais e índices fecham às 22:00, hora de Londres.</li><li><strong>25 de dezembro e 1 de janeiro:</strong> todos os mercados fechados, exceto criptomoedas.</li><li>O horário normal é retomado a 2 de janeiro de 2027.</li></ul><p>Os spreads podem alargar perto destes fechos. As ordens pendentes mantêm-se e os níveis de take profit e stop loss continuam ativos na reabertura.</p>',
      },
      ar: {
        title: 'أوقات التداول خلال عيد الميلاد ورأس السنة',
        desc: 'إغلاق مبكر في 24 و31 ديسمبر، والأسواق مغلقة في 25 ديسمبر و1 يناير.',
        content:
          '<p>خلال العطلات تنخفض السيولة وتتغير أوقات عدد من الأسواق:</p><ul><li><strong>24 و31 ديسمبر:</strong> تُغلق العملات والمعادن والمؤشرات الساعة 22:00 بتوقيت لندن.</li><li><strong>25 ديسمبر و1 يناير:</strong> جميع الأسواق مغلقة باستثناء العملات المشفرة.</li><li>تُستأنف الأوقات المعتادة في 2 يناير 2027.</li></ul><p>قد تتسع فروق الأسعار حول أوقات الإغلاق. تبقى الأوامر المعلّقة قائمة، وتظل مستويات جني الأرباح ووقف الخسارة سارية عند إعادة الافتتاح.</p>',
      },
      it: {
        title: 'Orari di trading a Natale e Capodanno',
        desc: 'Chiusura anticipata il 24 e 31 dicembre; mercati chiusi il 25 dicembre e il 1° gennaio.',
        content:
          '<p>Durante le festività la liquidità è ridotta e diversi mercati cambiano orario:</p><ul><li><strong>24 e 31 dicembre:</strong> forex, metalli e indici chiudono alle 22:00 ora di Londra.</li><li><strong>25 dicembre e 1° gennaio:</strong> tutti i mercati chiusi tranne le criptovalute.</li><li>L’orario normale riprende il 2 gennaio 2027.</li></ul><p>Gli spread possono allargarsi intorno a queste chiusure. Gli ordini pendenti restano attivi e i livelli di take profit e stop loss valgono anche alla riapertura.</p>',
      },
      tr: {
        title: 'Noel ve Yılbaşı işlem saatleri',
        desc: '24 ve 31 Aralık’ta erken kapanış; 25 Aralık ve 1 Ocak’ta piyasalar kapalı.',
        content:
          '<p>Tatil döneminde likidite düşüktür ve bazı piyasaların saatleri değişir:</p><ul><li><strong>24 ve 31 Aralık:</strong> döviz, metaller ve endeksler Londra saatiyle 22:00’de kapanır.</li><li><strong>25 Aralık ve 1 Ocak:</strong> kripto paralar dışında tüm piyasalar kapalıdır.</li><li>Normal saatler 2 Ocak 2027’de yeniden başlar.</li></ul><p>Kapanışlar civarında makaslar açılabilir. Bekleyen emirler korunur; kâr al ve zarar durdur seviyeleri piyasa yeniden açıldığında geçerliliğini sürdürür.</p>',
      },
    },
  },
];
