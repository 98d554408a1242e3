import type { ArticleSeed } from './types.js';

/** Market news: gold and oil. */
export const MARKET_COMMODITIES: readonly ArticleSeed[] = [
  {
    id: 9,
    category: 2,
    slug: 'gold-near-highs',
    mark: 'Au',
    color: '#c99a06',
    published: '2026-11-09T07:00:00Z',
    texts: {
      en: {
        title: 'Gold holds firm as bond yields ease',
        desc: 'XAU/USD stays close to recent highs while lower yields support demand for the metal.',
        content:
          '<p>Gold remains close to its recent highs as softer government bond yields lower the cost of holding a metal that pays no interest. Central-bank buying has also supported prices this year.</p><p>Gold often moves quickly when US data surprises. Remember that one lot of XAU/USD is 100 ounces: check the margin before you trade.</p>',
      },
      hk: {
        title: '債息回落，金價企穩',
        desc: '債券孳息下降支持需求，金價維持於近期高位附近。',
        content:
          '<p>政府債券孳息回軟，降低了持有不派息貴金屬的成本，金價維持於近期高位附近。今年各國央行的買盤亦為金價提供支持。</p><p>美國數據出乎預期時，金價往往急速波動。請留意一手 XAU/USD 相當於 100 盎司，交易前先確認所需保證金。</p>',
      },
      jp: {
        title: '債券利回り低下で金価格は堅調',
        desc: '利回り低下が需要を支え、XAU/USD は直近高値付近で推移しています。',
        content:
          '<p>国債利回りの低下により、利息を生まない金を保有するコストが下がり、金は直近高値付近を維持しています。今年は中央銀行による買いも価格を支えています。</p><p>米経済指標が予想外の結果になると、金は急速に動くことがあります。XAU/USD の 1 ロットは 100 オンスです。取引前に必要証拠金をご確認ください。</p>',
      },
      kr: {
        title: '채권 금리 하락에 금값 강세 유지',
        desc: '금리 하락이 수요를 뒷받침하며 XAU/USD가 최근 고점 부근에 머물고 있습니다.',
        content:
          '<p>국채 금리가 낮아지면서 이자가 없는 금을 보유하는 비용이 줄어 금값은 최근 고점 부근을 유지하고 있습니다. 올해는 중앙은행 매수도 가격을 지지했습니다.</p><p>미국 지표가 예상과 다르면 금은 빠르게 움직이곤 합니다. XAU/USD 1랏은 100온스이므로 거래 전에 증거금을 확인하세요.</p>',
      },
      th: {
        title: 'ทองคำยืนแข็งแกร่งขณะผลตอบแทนพันธบัตรอ่อนตัว',
        desc: 'XAU/USD อยู่ใกล้ระดับสูงสุดล่าสุด โดยผลตอบแทนที่ลดลงหนุนความต้องการโลหะมีค่า',
        content:
          '<p>ทองคำยังอยู่ใกล้ระดับสูงสุดล่าสุด เนื่องจากผลตอบแทนพันธบัตรรัฐบาลที่อ่อนตัวลดต้นทุนการถือครองโลหะที่ไม่ให้ดอกเบี้ย แรงซื้อจากธนาคารกลางยังช่วยหนุนราคาในปีนี้</p><p>ทองคำมักเคลื่อนไหวรวดเร็วเมื่อข้อมูลสหรัฐฯ ออกมาผิดคาด โปรดจำไว้ว่า XAU/USD หนึ่งล็อตเท่ากับ 100 ออนซ์ ตรวจสอบมาร์จิ้นก่อนเทรด</p>',
      },
      vn: {
        title: 'Vàng giữ vững khi lợi suất trái phiếu hạ nhiệt',
        desc: 'XAU/USD duy trì gần đỉnh gần đây nhờ lợi suất giảm hỗ trợ nhu cầu.',
        content:
          '<p>Vàng vẫn ở gần mức đỉnh gần đây khi lợi suất trái phiếu chính phủ giảm làm hạ chi phí nắm giữ một kim loại không trả lãi. Lực mua của các ngân hàng trung ương cũng hỗ trợ giá trong năm nay.</p><p>Vàng thường biến động nhanh khi dữ liệu Mỹ gây bất ngờ. Lưu ý một lot XAU/USD là 100 ounce: hãy kiểm tra ký quỹ trước khi giao dịch.</p>',
      },
      fr: {
        title: 'L’or se maintient grâce à la détente des rendements',
        desc: 'Le XAU/USD reste proche de ses récents sommets, soutenu par la baisse des rendements obligataires.',
        content:
          '<p>L’or reste proche de ses récents sommets : la détente des rendements obligataires réduit le coût de détention d’un métal qui ne verse pas d’intérêts. Les achats des banques centrales ont aussi soutenu les prix cette année.</p><p>L’or bouge souvent vite lorsque les données américaines surprennent. Rappel : un lot de XAU/USD représente 100 onces, vérifiez la marge avant de trader.</p>',
      },
      de: {
        title: 'Gold bleibt fest, da die Anleiherenditen nachgeben',
        desc: 'XAU/USD notiert nahe den jüngsten Hochs, während niedrigere Renditen die Nachfrage stützen.',
        content:
          '<p>Gold hält sich nahe seinen jüngsten Hochs, da niedrigere Renditen von Staatsanleihen die Kosten für das Halten eines zinslosen Metalls senken. Auch Käufe der Zentralbanken haben die Preise in diesem Jahr gestützt.</p><p>Gold reagiert oft schnell auf überraschende US-Daten. Denken Sie daran: Ein Lot XAU/USD entspricht 100 Unzen – prüfen Sie vor dem Handel die Margin.</p>',
      },
      ru: {
        title: 'Золото держится на фоне снижения доходности облигаций',
        desc: 'XAU/USD остаётся вблизи недавних максимумов: снижение доходности поддерживает спрос.',
        content:
          '<p>Золото остаётся вблизи недавних максимумов: снижение доходности гособлигаций уменьшает стоимость владения металлом, не приносящим процентов. В этом году цены поддерживают и покупки центробанков.</p><p>Золото часто резко реагирует на неожиданные данные из США. Помните, что один лот XAU/USD — это 100 унций; проверьте маржу перед сделкой.</p>',
      },
      spa: {
        title: 'El oro se mantiene firme con la relajación de los rendimientos',
        desc: 'El XAU/USD sigue cerca de sus máximos recientes mientras la bajada de rendimientos sostiene la demanda.',
        content:
          '<p>El oro sigue cerca de sus máximos recientes, ya que la caída de los rendimientos de la deuda pública reduce el coste de mantener un metal que no paga intereses. Las compras de los bancos centrales también han sostenido el precio este año.</p><p>El oro suele moverse rápido cuando los datos de EE. UU. sorprenden. Recuerde que un lote de XAU/USD son 100 onzas: compruebe el margen antes de operar.</p>',
      },
      pt: {
        title: 'O ouro mantém-se firme com o alívio das yields',
        desc: 'O XAU/USD continua perto dos máximos recentes, com yields mais baixas a apoiar a procura.',
        content:
          '<p>O ouro mantém-se perto dos máximos recentes, porque a descida das yields da dívida pública reduz o custo de deter um metal que não paga juros. As compras dos bancos centrais também apoiaram os preços este ano.</p><p>O ouro move-se muitas vezes depressa quando os dados dos EUA surpreendem. Lembre-se de que um lote de XAU/USD são 100 onças: confirme a margem antes de negociar.</p>',
      },
      ar: {
        title: 'الذهب يحافظ على تماسكه مع تراجع عوائد السندات',
        desc: 'يبقى الذهب مقابل الدولار قرب أعلى مستوياته الأخيرة بدعم من انخفاض العوائد.',
        content:
          '<p>يبقى الذهب قرب أعلى مستوياته الأخيرة، إذ يخفّض تراجع عوائد السندات الحكومية تكلفة الاحتفاظ بمعدن لا يدرّ فائدة. كما دعمت مشتريات البنوك المركزية الأسعار هذا العام.</p><p>غالبًا ما يتحرك الذهب بسرعة عندما تفاجئ البيانات الأمريكية الأسواق. تذكّر أن لوتًا واحدًا من XAU/USD يعادل 100 أونصة، فتحقق من الهامش قبل التداول.</p>',
      },
      it: {
        title: 'L’oro resta solido con il calo dei rendimenti',
        desc: 'L’XAU/USD si mantiene vicino ai massimi recenti mentre i rendimenti più bassi sostengono la domanda.',
        content:
          '<p>L’oro resta vicino ai massimi recenti: il calo dei rendimenti dei titoli di Stato riduce il costo di detenere un metallo che non paga interessi. Anche gli acquisti delle banche centrali hanno sostenuto i prezzi quest’anno.</p><p>L’oro si muove spesso rapidamente quando i dati USA sorprendono. Ricorda che un lotto di XAU/USD equivale a 100 once: verifica il margine prima di operare.</p>',
      },
      tr: {
        title: 'Tahvil getirileri gerilerken altın güçlü seyrediyor',
        desc: 'Düşen getiriler talebi desteklerken XAU/USD son zirvelerine yakın seyrediyor.',
        content:
          '<p>Devlet tahvili getirilerindeki düşüş, faiz getirmeyen bir metali tutmanın maliyetini azalttığından altın son zirvelerine yakın seyrediyor. Merkez bankalarının alımları da bu yıl fiyatları destekledi.</p><p>ABD verileri sürpriz yaptığında altın genellikle hızlı hareket eder. Bir lot XAU/USD’nin 100 ons olduğunu unutmayın: işlemden önce teminatı kontrol edin.</p>',
      },
    },
  },
  {
    id: 10,
    category: 2,
    slug: 'oil-supply-meeting',
    mark: 'WTI',
    color: '#263238',
    published: '2026-10-19T07:00:00Z',
    texts: {
      en: {
        title: 'Oil steadies ahead of producers’ supply meeting',
        desc: 'WTI and Brent hold their ground as traders wait for news on output quotas.',
        content:
          '<p>Crude prices have steadied ahead of this month’s meeting of major oil producers, where output quotas for the coming quarter are on the agenda. Weekly US inventory figures add to the short-term swings.</p><p>Energy CFDs can gap when the market reopens after a decision. A stop loss limits, but may not fully prevent, losses when prices gap.</p>',
      },
      hk: {
        title: '產油國供應會議前油價回穩',
        desc: '市場等待產量配額消息，WTI 及布蘭特原油價格守穩。',
        content:
          '<p>主要產油國將於本月開會商討下季產量配額，會議前原油價格回穩。每週公布的美國庫存數據亦加劇短線波動。</p><p>能源差價合約在決定公布後重新開市時可能出現跳空。止損可限制虧損，但在跳空時未必能完全避免。</p>',
      },
      jp: {
        title: '産油国の供給会合を前に原油は落ち着いた動き',
        desc: '生産枠をめぐるニュースを待ち、WTI とブレントは底堅く推移しています。',
        content:
          '<p>来四半期の生産枠が議題となる主要産油国の会合を前に、原油価格は落ち着きを取り戻しています。毎週発表される米国の在庫統計も短期的な変動要因です。</p><p>エネルギー CFD は決定後の取引再開時に窓を開けることがあります。損切り注文は損失を抑えますが、窓開け時には完全には防げない場合があります。</p>',
      },
      kr: {
        title: '산유국 공급 회의 앞두고 유가 안정',
        desc: '생산 할당량 소식을 기다리며 WTI와 브렌트유가 보합세를 유지하고 있습니다.',
        content:
          '<p>다음 분기 생산 할당량을 논의할 주요 산유국 회의를 앞두고 원유 가격이 안정을 찾았습니다. 매주 발표되는 미국 재고 지표도 단기 변동성을 키우고 있습니다.</p><p>에너지 CFD는 결정 발표 후 시장이 다시 열릴 때 갭이 발생할 수 있습니다. 손절 주문은 손실을 제한하지만 갭 발생 시 완전히 막지 못할 수 있습니다.</p>',
      },
      th: {
        title: 'น้ำมันทรงตัวก่อนการประชุมกลุ่มผู้ผลิต',
        desc: 'WTI และเบรนต์ยืนระดับได้ ขณะที่นักเทรดรอข่าวโควตาการผลิต',
        content:
          '<p>ราคาน้ำมันดิบทรงตัวก่อนการประชุมของผู้ผลิตน้ำมันรายใหญ่ในเดือนนี้ ซึ่งมีวาระเรื่องโควตาการผลิตไตรมาสหน้า ตัวเลขสต็อกน้ำมันสหรัฐฯ รายสัปดาห์ยังเพิ่มความผันผวนระยะสั้น</p><p>CFD พลังงานอาจเกิดช่องว่างราคาเมื่อตลาดเปิดหลังการตัดสินใจ คำสั่งตัดขาดทุนช่วยจำกัดการขาดทุนได้ แต่อาจป้องกันไม่ได้ทั้งหมดเมื่อราคากระโดด</p>',
      },
      vn: {
        title: 'Giá dầu ổn định trước cuộc họp nguồn cung của các nhà sản xuất',
        desc: 'WTI và Brent giữ vững khi giới giao dịch chờ tin về hạn ngạch sản lượng.',
        content:
          '<p>Giá dầu thô ổn định trước cuộc họp tháng này của các nhà sản xuất dầu lớn, nơi hạn ngạch sản lượng quý tới được đưa vào chương trình nghị sự. Số liệu tồn kho hằng tuần của Mỹ cũng gây biến động ngắn hạn.</p><p>CFD năng lượng có thể nhảy giá khi thị trường mở lại sau quyết định. Lệnh cắt lỗ giúp hạn chế nhưng có thể không ngăn hoàn toàn thua lỗ khi giá nhảy.</p>',
      },
      fr: {
        title: 'Le pétrole se stabilise avant la réunion des producteurs',
        desc: 'Le WTI et le Brent tiennent bon en attendant des nouvelles sur les quotas de production.',
        content:
          '<p>Les cours du brut se sont stabilisés avant la réunion mensuelle des grands producteurs, qui doit fixer les quotas de production du prochain trimestre. Les stocks américains publiés chaque semaine ajoutent aux variations de court terme.</p><p>Les CFD sur l’énergie peuvent ouvrir en gap après une décision. Un stop loss limite les pertes, mais ne les empêche pas toujours entièrement en cas de gap.</p>',
      },
      de: {
        title: 'Öl stabil vor dem Förderländer-Treffen',
        desc: 'WTI und Brent behaupten sich, während Händler auf Nachrichten zu Förderquoten warten.',
        content:
          '<p>Die Rohölpreise haben sich vor dem Treffen großer Förderländer in diesem Monat stabilisiert, auf dessen Tagesordnung die Förderquoten für das kommende Quartal stehen. Die wöchentlichen US-Lagerdaten sorgen zusätzlich für kurzfristige Schwankungen.</p><p>Energie-CFDs können nach einer Entscheidung mit einer Kurslücke eröffnen. Ein Stop-Loss begrenzt Verluste, kann sie bei Kurslücken aber nicht immer vollständig verhindern.</p>',
      },
      ru: {
        title: 'Нефть стабилизировалась перед встречей производителей',
        desc: 'WTI и Brent удерживают позиции в ожидании новостей о квотах добычи.',
        content:
          '<p>Цены на нефть стабилизировались в преддверии встречи крупнейших производителей, где обсудят квоты добычи на следующий квартал. Еженедельные данные о запасах в США усиливают краткосрочные колебания.</p><p>CFD на энергоносители могут открыться с гэпом после решения. Стоп-лосс ограничивает убытки, но при гэпе может не защитить полностью.</p>',
      },
      spa: {
        title: 'El petróleo se estabiliza antes de la reunión de productores',
        desc: 'El WTI y el Brent se mantienen a la espera de noticias sobre las cuotas de producción.',
        content:
          '<p>El crudo se ha estabilizado antes de la reunión de este mes de los grandes productores, en cuya agenda figuran las cuotas de producción del próximo trimestre. Los datos semanales de inventarios de EE. UU. añaden oscilaciones a corto plazo.</p><p>Los CFD de energía pueden abrir con hueco tras una decisión. Un stop loss limita las pérdidas, pero puede no evitarlas del todo si el precio salta.</p>',
      },
      pt: {
        title: 'Petróleo estabiliza antes da reunião dos produtores',
        desc: 'O WTI e o Brent seguram terreno enquanto os operadores aguardam notícias sobre quotas de produção.',
        content:
          '<p>Os preços do crude estabilizaram antes da reunião deste mês dos grandes produtores, que tem na agenda as quotas de produção do próximo trimestre. Os dados semanais de inventários dos EUA acrescentam oscilações de curto prazo.</p><p>Os CFDs de energia podem abrir com gap após uma decisão. Um stop loss limita as perdas, mas pode não as evitar totalmente quando o preço salta.</p>',
      },
      ar: {
        title: 'استقرار النفط قبل اجتماع المنتجين بشأن الإمدادات',
        desc: 'يحافظ خاما غرب تكساس وبرنت على مستوياتهما بانتظار أخبار حصص الإنتاج.',
        content:
          '<p>استقرت أسعار النفط الخام قبل اجتماع كبار المنتجين هذا الشهر، والذي يتضمن جدول أعماله حصص الإنتاج للربع المقبل. كما تزيد بيانات المخزونات الأمريكية الأسبوعية من التقلبات قصيرة الأجل.</p><p>قد تفتح عقود فروقات الطاقة بفجوة سعرية بعد صدور القرار. يحدّ أمر وقف الخسارة من الخسائر، لكنه قد لا يمنعها تمامًا عند حدوث فجوة.</p>',
      },
      it: {
        title: 'Il petrolio si stabilizza prima del vertice dei produttori',
        desc: 'WTI e Brent tengono in attesa di notizie sulle quote di produzione.',
        content:
          '<p>Il greggio si è stabilizzato in vista della riunione mensile dei grandi produttori, che ha all’ordine del giorno le quote di produzione del prossimo trimestre. I dati settimanali sulle scorte USA aggiungono oscillazioni di breve periodo.</p><p>I CFD sull’energia possono aprire in gap dopo una decisione. Uno stop loss limita le perdite, ma potrebbe non evitarle del tutto in caso di gap.</p>',
      },
      tr: {
        title: 'Üretici toplantısı öncesi petrol dengelendi',
        desc: 'Yatırımcılar üretim kotalarına ilişkin haberleri beklerken WTI ve Brent yerini koruyor.',
        content:
          '<p>Ham petrol fiyatları, gündeminde gelecek çeyreğin üretim kotaları bulunan büyük üreticilerin bu ayki toplantısı öncesinde dengelendi. Haftalık ABD stok verileri de kısa vadeli dalgalanmayı artırıyor.</p><p>Enerji CFD’leri bir karardan sonra piyasa açılırken boşlukla açılabilir. Zarar durdur kayıpları sınırlar, ancak fiyat boşluklarında tamamen önleyemeyebilir.</p>',
      },
    },
  },
];
