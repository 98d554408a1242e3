import type { ArticleSeed } from './types.js';

/** Market news: the euro and the yen. */
export const MARKET_FX: readonly ArticleSeed[] = [
  {
    id: 8,
    category: 2,
    slug: 'eurusd-weekly-outlook',
    mark: '€$',
    color: '#1f4fbf',
    published: '2026-11-16T07:00:00Z',
    texts: {
      en: {
        title: 'EUR/USD weekly outlook: rate expectations in focus',
        desc: 'The pair trades in a tight range as traders weigh central-bank signals and US data.',
        content:
          '<p>EUR/USD has spent the past week in a narrow range as markets wait for fresh signals from the European Central Bank and the Federal Reserve. Inflation figures and purchasing-managers surveys are the main events on this week’s calendar.</p><p>A clear break out of the range could set the direction into December. Expect higher volatility around data releases and keep position sizes in line with your margin.</p>',
      },
      hk: {
        title: '歐元/美元一週展望：聚焦利率預期',
        desc: '市場權衡央行訊號及美國數據，匯價於窄幅區間上落。',
        content:
          '<p>市場等待歐洲央行及聯儲局的最新訊號，歐元/美元過去一週於窄幅區間內徘徊。通脹數據及採購經理指數是本週日程的重點。</p><p>若匯價明確突破區間，或會決定 12 月的走勢。數據公布前後波動可能加劇，請按保證金水平控制倉位大小。</p>',
      },
      jp: {
        title: 'ユーロ/ドル週間見通し：金利見通しに注目',
        desc: '中央銀行のシグナルと米経済指標を見極めるなか、狭いレンジでの推移が続いています。',
        content:
          '<p>欧州中央銀行と米連邦準備制度からの新たなシグナルを待つなか、ユーロ/ドルは先週、狭いレンジで推移しました。今週はインフレ指標と購買担当者景気指数が主な注目材料です。</p><p>レンジを明確に抜ければ 12 月に向けた方向性が決まる可能性があります。指標発表前後は変動が大きくなりやすいため、証拠金に見合ったポジションサイズを保ちましょう。</p>',
      },
      kr: {
        title: '유로/달러 주간 전망: 금리 기대에 주목',
        desc: '중앙은행 신호와 미국 지표를 가늠하며 좁은 범위에서 거래되고 있습니다.',
        content:
          '<p>유럽중앙은행과 연준의 새로운 신호를 기다리며 유로/달러는 지난 한 주 좁은 범위에 머물렀습니다. 이번 주에는 물가 지표와 구매관리자지수가 주요 일정입니다.</p><p>범위를 뚜렷하게 벗어나면 12월까지의 방향이 정해질 수 있습니다. 지표 발표 전후로 변동성이 커질 수 있으니 증거금에 맞게 포지션 규모를 유지하세요.</p>',
      },
      th: {
        title: 'แนวโน้ม EUR/USD รายสัปดาห์: จับตาคาดการณ์ดอกเบี้ย',
        desc: 'คู่เงินเคลื่อนไหวในกรอบแคบ ขณะที่นักเทรดประเมินสัญญาณจากธนาคารกลางและข้อมูลสหรัฐฯ',
        content:
          '<p>EUR/USD เคลื่อนไหวในกรอบแคบตลอดสัปดาห์ที่ผ่านมา ขณะที่ตลาดรอสัญญาณใหม่จากธนาคารกลางยุโรปและธนาคารกลางสหรัฐฯ ตัวเลขเงินเฟ้อและดัชนีผู้จัดการฝ่ายจัดซื้อเป็นเหตุการณ์หลักของสัปดาห์นี้</p><p>การทะลุกรอบอย่างชัดเจนอาจกำหนดทิศทางไปจนถึงเดือนธันวาคม ความผันผวนอาจสูงขึ้นช่วงประกาศข้อมูล โปรดรักษาขนาดโพซิชันให้เหมาะกับมาร์จิ้น</p>',
      },
      vn: {
        title: 'Triển vọng tuần EUR/USD: tâm điểm kỳ vọng lãi suất',
        desc: 'Cặp tiền đi ngang trong biên độ hẹp khi giới giao dịch cân nhắc tín hiệu ngân hàng trung ương và dữ liệu Mỹ.',
        content:
          '<p>EUR/USD dao động trong biên độ hẹp suốt tuần qua khi thị trường chờ tín hiệu mới từ Ngân hàng Trung ương châu Âu và Cục Dự trữ Liên bang Mỹ. Số liệu lạm phát và chỉ số quản lý mua hàng là các sự kiện chính tuần này.</p><p>Một cú phá vỡ rõ ràng khỏi biên độ có thể định hướng cho tháng 12. Biến động có thể tăng quanh thời điểm công bố dữ liệu; hãy giữ khối lượng vị thế phù hợp với ký quỹ.</p>',
      },
      fr: {
        title: 'EUR/USD, perspectives de la semaine : les taux en ligne de mire',
        desc: 'La paire évolue dans une fourchette étroite, les investisseurs pesant les signaux des banques centrales et les données américaines.',
        content:
          '<p>L’EUR/USD a évolué dans une fourchette étroite la semaine dernière, les marchés attendant de nouveaux signaux de la Banque centrale européenne et de la Réserve fédérale. Les chiffres d’inflation et les indices PMI sont les principaux rendez-vous de la semaine.</p><p>Une sortie nette de la fourchette pourrait donner la tendance jusqu’en décembre. Attendez-vous à plus de volatilité autour des publications et adaptez la taille de vos positions à votre marge.</p>',
      },
      de: {
        title: 'EUR/USD Wochenausblick: Zinserwartungen im Fokus',
        desc: 'Das Paar handelt in einer engen Spanne, während Anleger Notenbanksignale und US-Daten abwägen.',
        content:
          '<p>EUR/USD bewegte sich in der vergangenen Woche in einer engen Spanne, da die Märkte auf neue Signale von Europäischer Zentralbank und Federal Reserve warten. Inflationsdaten und Einkaufsmanagerindizes sind die wichtigsten Termine dieser Woche.</p><p>Ein klarer Ausbruch aus der Spanne könnte die Richtung bis in den Dezember vorgeben. Rund um Datenveröffentlichungen ist mit höherer Volatilität zu rechnen; halten Sie Ihre Positionsgrößen im Verhältnis zur Margin.</p>',
      },
      ru: {
        title: 'EUR/USD: прогноз на неделю — в центре внимания ставки',
        desc: 'Пара торгуется в узком диапазоне: трейдеры оценивают сигналы центробанков и данные США.',
        content:
          '<p>На прошлой неделе EUR/USD держалась в узком диапазоне: рынок ждёт новых сигналов от Европейского центрального банка и ФРС. Главные события недели — данные по инфляции и индексы деловой активности.</p><p>Уверенный выход из диапазона может задать направление до декабря. Вблизи публикаций возможна повышенная волатильность — соизмеряйте объём позиций с маржой.</p>',
      },
      spa: {
        title: 'EUR/USD, perspectiva semanal: las expectativas de tipos, en el foco',
        desc: 'El par cotiza en un rango estrecho mientras los operadores sopesan las señales de los bancos centrales y los datos de EE. UU.',
        content:
          '<p>El EUR/USD se ha movido en un rango estrecho la última semana mientras el mercado espera nuevas señales del Banco Central Europeo y de la Reserva Federal. Los datos de inflación y los índices PMI son las citas clave de esta semana.</p><p>Una ruptura clara del rango podría marcar la dirección hasta diciembre. Espere más volatilidad en torno a los datos y ajuste el tamaño de sus posiciones a su margen.</p>',
      },
      pt: {
        title: 'EUR/USD, perspetiva semanal: expectativas de juros em foco',
        desc: 'O par negoceia num intervalo estreito enquanto os operadores avaliam sinais dos bancos centrais e dados dos EUA.',
        content:
          '<p>O EUR/USD passou a última semana num intervalo estreito, com o mercado à espera de novos sinais do Banco Central Europeu e da Reserva Federal. Os dados de inflação e os índices PMI são os principais eventos da semana.</p><p>Uma saída clara do intervalo pode definir a direção até dezembro. Conte com mais volatilidade em torno das publicações e mantenha o tamanho das posições adequado à sua margem.</p>',
      },
      ar: {
        title: 'توقعات اليورو/دولار الأسبوعية: توقعات الفائدة في دائرة الضوء',
        desc: 'يتداول الزوج في نطاق ضيق بينما يوازن المتداولون بين إشارات البنوك المركزية والبيانات الأمريكية.',
        content:
          '<p>أمضى زوج اليورو/دولار الأسبوع الماضي في نطاق ضيق بانتظار إشارات جديدة من البنك المركزي الأوروبي والاحتياطي الفيدرالي. وتُعدّ بيانات التضخم ومؤشرات مديري المشتريات أبرز أحداث هذا الأسبوع.</p><p>قد يحدد اختراق واضح للنطاق الاتجاه حتى ديسمبر. توقّع تقلبات أعلى حول صدور البيانات، وحافظ على أحجام مراكزك بما يتناسب مع الهامش.</p>',
      },
      it: {
        title: 'EUR/USD, prospettive settimanali: focus sulle attese sui tassi',
        desc: 'Il cambio si muove in un range ristretto mentre gli operatori valutano i segnali delle banche centrali e i dati USA.',
        content:
          '<p>L’EUR/USD ha trascorso l’ultima settimana in un range ristretto, in attesa di nuovi segnali dalla Banca centrale europea e dalla Federal Reserve. Dati sull’inflazione e indici PMI sono gli appuntamenti principali della settimana.</p><p>Una rottura netta del range potrebbe indicare la direzione fino a dicembre. Aspettati più volatilità intorno ai dati e mantieni la dimensione delle posizioni in linea con il margine.</p>',
      },
      tr: {
        title: 'EUR/USD haftalık görünüm: faiz beklentileri odakta',
        desc: 'Yatırımcılar merkez bankası sinyallerini ve ABD verilerini tartarken parite dar bir bantta işlem görüyor.',
        content:
          '<p>Piyasalar Avrupa Merkez Bankası ve Fed’den yeni sinyaller beklerken EUR/USD geçen hafta dar bir bantta hareket etti. Enflasyon verileri ve satın alma yöneticileri endeksleri bu haftanın başlıca gündemi.</p><p>Bandın net biçimde kırılması aralık ayına kadar yönü belirleyebilir. Veri açıklamaları civarında oynaklık artabilir; pozisyon büyüklüğünüzü teminatınızla uyumlu tutun.</p>',
      },
    },
  },
  {
    id: 11,
    category: 2,
    slug: 'usdjpy-intervention-watch',
    mark: '$¥',
    color: '#c62828',
    published: '2026-10-27T07:00:00Z',
    texts: {
      en: {
        title: 'USD/JPY: traders watch for official comments',
        desc: 'Sharp yen moves keep attention on Tokyo, where officials have warned against excessive volatility.',
        content:
          '<p>The yen has been volatile against the dollar, and Japanese officials have repeated that they are watching currency moves closely. Past episodes show that such comments can trigger fast moves of one or two yen within minutes.</p><p>If you hold USD/JPY positions, check your stop-loss levels and avoid using all of your free margin.</p>',
      },
      hk: {
        title: '美元/日圓：市場留意官方言論',
        desc: '日圓大幅波動，市場焦點落在東京，官員已警告避免過度波動。',
        content:
          '<p>日圓兌美元近期波動劇烈，日本官員重申正密切留意匯率走勢。過往經驗顯示，此類言論可能在數分鐘內觸發一至兩日圓的急速變動。</p><p>如您持有美元/日圓倉位，請檢查止損水平，並避免用盡全部可用保證金。</p>',
      },
      jp: {
        title: 'ドル/円：当局者の発言に警戒',
        desc: '円の急変動を受け、過度な変動をけん制する東京の当局に注目が集まっています。',
        content:
          '<p>円はドルに対して値動きが荒く、日本の当局者は為替の動向を注視していると繰り返し述べています。過去にはこうした発言をきっかけに、数分で 1〜2 円動いたこともあります。</p><p>ドル/円のポジションをお持ちの場合は損切り水準を確認し、余剰証拠金をすべて使い切らないようにしましょう。</p>',
      },
      kr: {
        title: '달러/엔: 당국 발언에 촉각',
        desc: '엔화가 급변하면서 과도한 변동성을 경계해 온 일본 당국에 관심이 쏠리고 있습니다.',
        content:
          '<p>엔화는 달러 대비 변동성이 커졌고, 일본 당국자들은 환율 움직임을 면밀히 주시하고 있다고 거듭 밝혔습니다. 과거에는 이런 발언이 몇 분 만에 1~2엔의 급격한 움직임을 일으키기도 했습니다.</p><p>달러/엔 포지션을 보유 중이라면 손절 수준을 점검하고 가용 증거금을 모두 사용하지 마세요.</p>',
      },
      th: {
        title: 'USD/JPY: นักเทรดจับตาความเห็นทางการ',
        desc: 'เงินเยนผันผวนแรง ความสนใจอยู่ที่โตเกียวซึ่งเจ้าหน้าที่เตือนเรื่องความผันผวนที่มากเกินไป',
        content:
          '<p>เงินเยนผันผวนเมื่อเทียบกับดอลลาร์ และเจ้าหน้าที่ญี่ปุ่นย้ำว่ากำลังติดตามความเคลื่อนไหวของค่าเงินอย่างใกล้ชิด ในอดีต ความเห็นลักษณะนี้เคยทำให้ราคาเคลื่อนไหวหนึ่งถึงสองเยนภายในไม่กี่นาที</p><p>หากคุณถือโพซิชัน USD/JPY โปรดตรวจสอบระดับตัดขาดทุน และหลีกเลี่ยงการใช้มาร์จิ้นว่างทั้งหมด</p>',
      },
      vn: {
        title: 'USD/JPY: giới giao dịch theo dõi phát biểu chính thức',
        desc: 'Đồng yên biến động mạnh khiến Tokyo được chú ý, nơi giới chức đã cảnh báo về biến động quá mức.',
        content:
          '<p>Đồng yên biến động mạnh so với đô la Mỹ và giới chức Nhật Bản nhiều lần cho biết họ đang theo dõi sát diễn biến tỷ giá. Trước đây, những phát biểu như vậy từng khiến giá dịch chuyển một đến hai yên chỉ trong vài phút.</p><p>Nếu bạn đang nắm giữ vị thế USD/JPY, hãy kiểm tra mức cắt lỗ và tránh dùng hết ký quỹ khả dụng.</p>',
      },
      fr: {
        title: 'USD/JPY : les marchés guettent les déclarations officielles',
        desc: 'Les fortes variations du yen braquent les regards sur Tokyo, où les autorités ont mis en garde contre une volatilité excessive.',
        content:
          '<p>Le yen est volatil face au dollar et les responsables japonais répètent qu’ils surveillent de près l’évolution des changes. Par le passé, de telles déclarations ont provoqué des mouvements rapides d’un ou deux yens en quelques minutes.</p><p>Si vous détenez des positions sur l’USD/JPY, vérifiez vos niveaux de stop loss et évitez d’utiliser toute votre marge disponible.</p>',
      },
      de: {
        title: 'USD/JPY: Händler achten auf offizielle Äußerungen',
        desc: 'Starke Yen-Bewegungen lenken den Blick nach Tokio, wo Behörden vor übermäßiger Volatilität gewarnt haben.',
        content:
          '<p>Der Yen schwankt stark gegenüber dem Dollar, und japanische Behördenvertreter betonen, die Wechselkurse genau zu beobachten. In der Vergangenheit lösten solche Äußerungen binnen Minuten schnelle Bewegungen von ein bis zwei Yen aus.</p><p>Wenn Sie USD/JPY-Positionen halten, prüfen Sie Ihre Stop-Loss-Marken und nutzen Sie nicht Ihre gesamte freie Margin.</p>',
      },
      ru: {
        title: 'USD/JPY: трейдеры следят за заявлениями властей',
        desc: 'Резкие движения иены приковывают внимание к Токио, где чиновники предостерегают от чрезмерной волатильности.',
        content:
          '<p>Иена волатильна к доллару, а японские чиновники повторяют, что внимательно следят за курсом. В прошлом подобные заявления вызывали быстрые движения на одну-две иены за считаные минуты.</p><p>Если у вас открыты позиции по USD/JPY, проверьте уровни стоп-лосс и не используйте всю свободную маржу.</p>',
      },
      spa: {
        title: 'USD/JPY: el mercado atento a las declaraciones oficiales',
        desc: 'Los fuertes movimientos del yen centran la atención en Tokio, donde las autoridades han advertido contra la volatilidad excesiva.',
        content:
          '<p>El yen se muestra volátil frente al dólar y las autoridades japonesas repiten que vigilan de cerca los tipos de cambio. En el pasado, declaraciones así han provocado movimientos rápidos de uno o dos yenes en minutos.</p><p>Si mantiene posiciones en USD/JPY, revise sus niveles de stop loss y evite usar todo su margen libre.</p>',
      },
      pt: {
        title: 'USD/JPY: operadores atentos a declarações oficiais',
        desc: 'Movimentos bruscos do iene concentram a atenção em Tóquio, onde as autoridades alertaram contra volatilidade excessiva.',
        content:
          '<p>O iene tem estado volátil face ao dólar e as autoridades japonesas repetem que acompanham de perto o câmbio. No passado, declarações deste tipo provocaram movimentos rápidos de um ou dois ienes em poucos minutos.</p><p>Se tem posições em USD/JPY, verifique os níveis de stop loss e evite usar toda a margem livre.</p>',
      },
      ar: {
        title: 'الدولار/ين: المتداولون يترقبون التصريحات الرسمية',
        desc: 'تحركات الين الحادة تُبقي الأنظار على طوكيو، حيث حذّر المسؤولون من التقلبات المفرطة.',
        content:
          '<p>يشهد الين تقلبات أمام الدولار، ويكرر المسؤولون اليابانيون أنهم يراقبون تحركات العملة عن كثب. وتُظهر حالات سابقة أن مثل هذه التصريحات قد تسبب تحركات سريعة بمقدار ين أو ينين خلال دقائق.</p><p>إذا كانت لديك مراكز على الدولار/ين، فراجع مستويات وقف الخسارة وتجنّب استخدام كامل الهامش المتاح.</p>',
      },
      it: {
        title: 'USD/JPY: occhi puntati sulle dichiarazioni ufficiali',
        desc: 'I forti movimenti dello yen spostano l’attenzione su Tokyo, dove le autorità hanno messo in guardia da una volatilità eccessiva.',
        content:
          '<p>Lo yen è volatile contro il dollaro e le autorità giapponesi ripetono di seguire da vicino l’andamento dei cambi. In passato dichiarazioni simili hanno provocato movimenti rapidi di uno o due yen in pochi minuti.</p><p>Se hai posizioni su USD/JPY, controlla i livelli di stop loss ed evita di usare tutto il margine disponibile.</p>',
      },
      tr: {
        title: 'USD/JPY: yatırımcılar resmi açıklamaları izliyor',
        desc: 'Yendeki sert hareketler, yetkililerin aşırı oynaklığa karşı uyardığı Tokyo’yu gündemde tutuyor.',
        content:
          '<p>Yen dolar karşısında dalgalı seyrediyor ve Japon yetkililer kur hareketlerini yakından izlediklerini yineliyor. Geçmişte bu tür açıklamalar birkaç dakika içinde bir iki yenlik hızlı hareketlere yol açtı.</p><p>USD/JPY pozisyonunuz varsa zarar durdur seviyelerinizi kontrol edin ve serbest teminatınızın tamamını kullanmaktan kaçının.</p>',
      },
    },
  },
];
