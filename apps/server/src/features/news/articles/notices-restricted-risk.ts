import type { ArticleSeed } from './types.js';

/** The restricted-countries announcement the spec requires, and the risk disclosure. */
export const RESTRICTED_AND_RISK: readonly ArticleSeed[] = [
  {
    id: 1,
    category: 1,
    slug: 'restricted-countries',
    mark: '!',
    color: '#c62828',
    published: '2026-06-01T08:00:00Z',
    texts: {
      en: {
        title: 'Services are not available in five countries',
        desc: 'Meridian does not provide services to residents of North Korea, Israel, China, Vanuatu or Cuba.',
        content:
          '<p>To comply with international sanctions and local licensing rules, Meridian does not provide services to residents of the following countries and regions:</p><ul><li>North Korea</li><li>Israel</li><li>China</li><li>Vanuatu</li><li>Cuba</li></ul><p>Accounts found to be opened from these countries will be closed and any balance returned to the original payment method. Thank you for your understanding.</p>',
      },
      hk: {
        title: '五個國家暫不提供服務',
        desc: 'Meridian 不向北韓、以色列、中國、萬那杜及古巴的居民提供服務。',
        content:
          '<p>為遵守國際制裁及當地牌照規定，Meridian 不向以下國家及地區的居民提供服務：</p><ul><li>北韓</li><li>以色列</li><li>中國</li><li>萬那杜</li><li>古巴</li></ul><p>如發現帳戶於上述國家開立，我們將關閉該帳戶，並將餘額退回原付款方式。感謝您的理解。</p>',
      },
      jp: {
        title: '5か国でのサービス提供停止について',
        desc: 'Meridian は北朝鮮、イスラエル、中国、バヌアツ、キューバにお住まいの方へサービスを提供しておりません。',
        content:
          '<p>国際的な制裁および各国の免許規制を遵守するため、Meridian は以下の国・地域にお住まいの方へサービスを提供しておりません。</p><ul><li>北朝鮮</li><li>イスラエル</li><li>中国</li><li>バヌアツ</li><li>キューバ</li></ul><p>これらの国で開設された口座が確認された場合、口座を閉鎖し、残高は元の入金方法へ返金いたします。ご理解のほどお願い申し上げます。</p>',
      },
      kr: {
        title: '5개 국가 서비스 제공 중단 안내',
        desc: 'Meridian은 북한, 이스라엘, 중국, 바누아투, 쿠바 거주자에게 서비스를 제공하지 않습니다.',
        content:
          '<p>국제 제재 및 현지 인가 규정을 준수하기 위해 Meridian은 다음 국가 및 지역 거주자에게 서비스를 제공하지 않습니다.</p><ul><li>북한</li><li>이스라엘</li><li>중국</li><li>바누아투</li><li>쿠바</li></ul><p>해당 국가에서 개설된 계좌가 확인되면 계좌를 해지하고 잔액은 원래 결제 수단으로 반환됩니다. 양해해 주셔서 감사합니다.</p>',
      },
      th: {
        title: 'งดให้บริการในห้าประเทศ',
        desc: 'Meridian ไม่ให้บริการแก่ผู้พำนักในเกาหลีเหนือ อิสราเอล จีน วานูอาตู และคิวบา',
        content:
          '<p>เพื่อปฏิบัติตามมาตรการคว่ำบาตรระหว่างประเทศและกฎระเบียบด้านใบอนุญาตในท้องถิ่น Meridian ไม่ให้บริการแก่ผู้พำนักในประเทศและภูมิภาคต่อไปนี้:</p><ul><li>เกาหลีเหนือ</li><li>อิสราเอล</li><li>จีน</li><li>วานูอาตู</li><li>คิวบา</li></ul><p>หากพบว่าบัญชีใดเปิดจากประเทศเหล่านี้ บัญชีจะถูกปิดและยอดคงเหลือจะถูกคืนไปยังช่องทางชำระเงินเดิม ขอขอบคุณสำหรับความเข้าใจ</p>',
      },
      vn: {
        title: 'Ngừng cung cấp dịch vụ tại năm quốc gia',
        desc: 'Meridian không cung cấp dịch vụ cho cư dân Triều Tiên, Israel, Trung Quốc, Vanuatu và Cuba.',
        content:
          '<p>Để tuân thủ các lệnh trừng phạt quốc tế và quy định cấp phép địa phương, Meridian không cung cấp dịch vụ cho cư dân của các quốc gia và khu vực sau:</p><ul><li>Triều Tiên</li><li>Israel</li><li>Trung Quốc</li><li>Vanuatu</li><li>Cuba</li></ul><p>Tài khoản được phát hiện mở từ các quốc gia này sẽ bị đóng và số dư sẽ được hoàn về phương thức thanh toán ban đầu. Cảm ơn bạn đã thông cảm.</p>',
      },
      fr: {
        title: 'Services indisponibles dans cinq pays',
        desc: 'Meridian ne fournit pas de services aux résidents de Corée du Nord, d’Israël, de Chine, du Vanuatu et de Cuba.',
        content:
          '<p>Afin de respecter les sanctions internationales et les règles locales d’agrément, Meridian ne fournit pas de services aux résidents des pays et régions suivants :</p><ul><li>Corée du Nord</li><li>Israël</li><li>Chine</li><li>Vanuatu</li><li>Cuba</li></ul><p>Tout compte ouvert depuis ces pays sera clôturé et son solde restitué sur le moyen de paiement d’origine. Merci de votre compréhension.</p>',
      },
      de: {
        title: 'Keine Dienste in fünf Ländern',
        desc: 'Meridian erbringt keine Dienstleistungen für Einwohner von Nordkorea, Israel, China, Vanuatu und Kuba.',
        content:
          '<p>Zur Einhaltung internationaler Sanktionen und lokaler Zulassungsvorschriften erbringt Meridian keine Dienstleistungen für Einwohner der folgenden Länder und Regionen:</p><ul><li>Nordkorea</li><li>Israel</li><li>China</li><li>Vanuatu</li><li>Kuba</li></ul><p>Konten, die nachweislich aus diesen Ländern eröffnet wurden, werden geschlossen und das Guthaben auf die ursprüngliche Zahlungsmethode zurückerstattet. Vielen Dank für Ihr Verständnis.</p>',
      },
      ru: {
        title: 'Услуги недоступны в пяти странах',
        desc: 'Meridian не предоставляет услуги резидентам КНДР, Израиля, Китая, Вануату и Кубы.',
        content:
          '<p>В соответствии с международными санкциями и местными лицензионными требованиями Meridian не предоставляет услуги резидентам следующих стран и регионов:</p><ul><li>КНДР (Северная Корея)</li><li>Израиль</li><li>Китай</li><li>Вануату</li><li>Куба</li></ul><p>Счета, открытые из этих стран, будут закрыты, а остаток возвращён на исходный способ оплаты. Благодарим за понимание.</p>',
      },
      spa: {
        title: 'Servicios no disponibles en cinco países',
        desc: 'Meridian no presta servicios a residentes de Corea del Norte, Israel, China, Vanuatu y Cuba.',
        content:
          '<p>Para cumplir con las sanciones internacionales y las normas locales de licencias, Meridian no presta servicios a residentes de los siguientes países y regiones:</p><ul><li>Corea del Norte</li><li>Israel</li><li>China</li><li>Vanuatu</li><li>Cuba</li></ul><p>Las cuentas abiertas desde estos países se cerrarán y el saldo se devolverá al método de pago original. Gracias por su comprensión.</p>',
      },
      pt: {
        title: 'Serviços indisponíveis em cinco países',
        desc: 'A Meridian não presta serviços a residentes da Coreia do Norte, Israel, China, Vanuatu e Cuba.',
        content:
          '<p>Para cumprir as sanções internacionais e as regras locais de licenciamento, a Meridian não presta serviços a residentes dos seguintes países e regiões:</p><ul><li>Coreia do Norte</li><li>Israel</li><li>China</li><li>Vanuatu</li><li>Cuba</li></ul><p>Contas abertas a partir destes países serão encerradas e o saldo devolvido ao método de pagamento original. Obrigado pela compreensão.</p>',
      },
      ar: {
        title: 'الخدمات غير متاحة في خمس دول',
        desc: 'لا تقدم Meridian خدماتها للمقيمين في كوريا الشمالية وإسرائيل والصين وفانواتو وكوبا.',
        content:
          '<p>التزامًا بالعقوبات الدولية وقواعد الترخيص المحلية، لا تقدم Meridian خدماتها للمقيمين في الدول والمناطق التالية:</p><ul><li>كوريا الشمالية</li><li>إسرائيل</li><li>الصين</li><li>فانواتو</li><li>كوبا</li></ul><p>سيتم إغلاق أي حساب يتبيّن أنه فُتح من هذه الدول وإعادة رصيده إلى وسيلة الدفع الأصلية. شكرًا لتفهمكم.</p>',
      },
      it: {
        title: 'Servizi non disponibili in cinque paesi',
        desc: 'Meridian non fornisce servizi ai residenti di Corea del Nord, Israele, Cina, Vanuatu e Cuba.',
        content:
          '<p>Per rispettare le sanzioni internazionali e le norme locali sulle licenze, Meridian non fornisce servizi ai residenti dei seguenti paesi e regioni:</p><ul><li>Corea del Nord</li><li>Israele</li><li>Cina</li><li>Vanuatu</li><li>Cuba</li></ul><p>I conti aperti da questi paesi saranno chiusi e il saldo restituito al metodo di pagamento originale. Grazie per la comprensione.</p>',
      },
      tr: {
        title: 'Beş ülkede hizmet verilmemektedir',
        desc: 'Meridian, Kuzey Kore, İsrail, Çin, Vanuatu ve Küba’da ikamet edenlere hizmet vermemektedir.',
        content:
          '<p>Uluslararası yaptırımlara ve yerel lisans kurallarına uymak amacıyla Meridian, aşağıdaki ülke ve bölgelerde ikamet edenlere hizmet vermemektedir:</p><ul><li>Kuzey Kore</li><li>İsrail</li><li>Çin</li><li>Vanuatu</li><li>Küba</li></ul><p>Bu ülkelerden açıldığı tespit edilen hesaplar kapatılır ve bakiye ilk ödeme yöntemine iade edilir. Anlayışınız için teşekkür ederiz.</p>',
      },
    },
  },
  {
    id: 2,
    category: 1,
    slug: 'risk-disclosure',
    mark: '%',
    color: '#e65100',
    published: '2026-07-01T08:00:00Z',
    texts: {
      en: {
        title: 'Risk disclosure for leveraged trading',
        desc: 'Leverage magnifies both gains and losses. Please read this before you trade.',
        content:
          '<p>Trading forex and CFDs on margin carries a high level of risk. With leverage of 1:100, a price move of 1% against your position changes its value by 100% of the margin you put up.</p><ul><li>Only trade with money you can afford to lose.</li><li>Use stop-loss orders to limit losses.</li><li>When your risk rate falls to 50%, positions are closed automatically, starting with the one losing most.</li></ul><p>Past performance is not a reliable indicator of future results. If you are unsure, practise on a demo account first.</p>',
      },
      hk: {
        title: '槓桿交易風險披露',
        desc: '槓桿會同時放大盈利與虧損。交易前請細閱本文。',
        content:
          '<p>以保證金買賣外匯及差價合約涉及高風險。在 1:100 槓桿下，價格向不利方向變動 1%，持倉價值的變化相當於您所投入保證金的 100%。</p><ul><li>只以您能承受損失的資金進行交易。</li><li>使用止損單限制虧損。</li><li>當風險率跌至 50%，系統會自動平倉，由虧損最大的持倉開始。</li></ul><p>過往表現並非未來業績的可靠指標。如有疑問，請先使用模擬帳戶練習。</p>',
      },
      jp: {
        title: 'レバレッジ取引のリスク開示',
        desc: 'レバレッジは利益だけでなく損失も拡大します。取引前に必ずお読みください。',
        content:
          '<p>証拠金を用いた FX および CFD 取引には高いリスクが伴います。レバレッジ 1:100 の場合、ポジションに不利な方向へ 1% 価格が動くと、差し入れた証拠金の 100% に相当する評価損が生じます。</p><ul><li>失っても問題のない資金でのみ取引してください。</li><li>損失を限定するためにストップロス注文をご利用ください。</li><li>リスク率が 50% まで低下すると、損失の大きいポジションから自動的に決済されます。</li></ul><p>過去の実績は将来の成果を保証するものではありません。ご不安な場合は、まずデモ口座で練習してください。</p>',
      },
      kr: {
        title: '레버리지 거래 위험 고지',
        desc: '레버리지는 수익과 손실을 모두 확대합니다. 거래 전에 반드시 읽어 주세요.',
        content:
          '<p>증거금을 이용한 외환 및 CFD 거래는 높은 위험을 수반합니다. 1:100 레버리지에서는 가격이 포지션에 불리하게 1% 움직이면 투입한 증거금의 100%에 해당하는 가치가 변동합니다.</p><ul><li>잃어도 감당할 수 있는 자금으로만 거래하세요.</li><li>손절 주문으로 손실을 제한하세요.</li><li>위험률이 50%까지 떨어지면 손실이 가장 큰 포지션부터 자동으로 청산됩니다.</li></ul><p>과거 성과가 미래 결과를 보장하지 않습니다. 확신이 없다면 먼저 모의 계좌로 연습해 보세요.</p>',
      },
      th: {
        title: 'การเปิดเผยความเสี่ยงของการเทรดด้วยเลเวอเรจ',
        desc: 'เลเวอเรจขยายทั้งกำไรและขาดทุน โปรดอ่านก่อนเริ่มเทรด',
        content:
          '<p>การเทรดฟอเร็กซ์และ CFD ด้วยมาร์จิ้นมีความเสี่ยงสูง ที่เลเวอเรจ 1:100 ราคาที่เคลื่อนไหวสวนทางโพซิชันเพียง 1% จะเปลี่ยนมูลค่าเท่ากับ 100% ของมาร์จิ้นที่คุณวางไว้</p><ul><li>เทรดด้วยเงินที่คุณสามารถยอมเสียได้เท่านั้น</li><li>ใช้คำสั่งตัดขาดทุนเพื่อจำกัดการขาดทุน</li><li>เมื่ออัตราความเสี่ยงลดลงถึง 50% ระบบจะปิดโพซิชันอัตโนมัติ โดยเริ่มจากโพซิชันที่ขาดทุนมากที่สุด</li></ul><p>ผลการดำเนินงานในอดีตไม่ใช่ตัวบ่งชี้ที่เชื่อถือได้ของผลลัพธ์ในอนาคต หากไม่แน่ใจ โปรดฝึกด้วยบัญชีทดลองก่อน</p>',
      },
      vn: {
        title: 'Công bố rủi ro giao dịch đòn bẩy',
        desc: 'Đòn bẩy khuếch đại cả lợi nhuận lẫn thua lỗ. Vui lòng đọc trước khi giao dịch.',
        content:
          '<p>Giao dịch ngoại hối và CFD ký quỹ có mức rủi ro cao. Với đòn bẩy 1:100, giá biến động 1% ngược chiều vị thế sẽ làm thay đổi giá trị bằng 100% số tiền ký quỹ của bạn.</p><ul><li>Chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.</li><li>Sử dụng lệnh cắt lỗ để hạn chế thua lỗ.</li><li>Khi tỷ lệ rủi ro giảm xuống 50%, các vị thế sẽ tự động bị đóng, bắt đầu từ vị thế lỗ nhiều nhất.</li></ul><p>Kết quả trong quá khứ không phải là chỉ báo đáng tin cậy cho kết quả tương lai. Nếu chưa chắc chắn, hãy luyện tập trên tài khoản demo trước.</p>',
      },
      fr: {
        title: 'Avertissement sur les risques du trading à effet de levier',
        desc: 'L’effet de levier amplifie les gains comme les pertes. Lisez ceci avant de trader.',
        content:
          '<p>Le trading de devises et de CFD sur marge comporte un risque élevé. Avec un levier de 1:100, une variation de 1 % contre votre position modifie sa valeur de 100 % de la marge engagée.</p><ul><li>Ne tradez qu’avec de l’argent que vous pouvez vous permettre de perdre.</li><li>Utilisez des ordres stop-loss pour limiter vos pertes.</li><li>Lorsque votre taux de risque descend à 50 %, les positions sont clôturées automatiquement, en commençant par la plus perdante.</li></ul><p>Les performances passées ne préjugent pas des résultats futurs. En cas de doute, entraînez-vous d’abord sur un compte démo.</p>',
      },
      de: {
        title: 'Risikohinweis zum Handel mit Hebel',
        desc: 'Ein Hebel vergrößert Gewinne und Verluste gleichermaßen. Bitte lesen Sie dies vor dem Handel.',
        content:
          '<p>Der Handel mit Devisen und CFDs auf Margin ist mit hohen Risiken verbunden. Bei einem Hebel von 1:100 verändert eine Kursbewegung von 1 % gegen Ihre Position deren Wert um 100 % der eingesetzten Margin.</p><ul><li>Handeln Sie nur mit Geld, dessen Verlust Sie verkraften können.</li><li>Begrenzen Sie Verluste mit Stop-Loss-Orders.</li><li>Fällt Ihre Risikoquote auf 50 %, werden Positionen automatisch geschlossen, beginnend mit der verlustreichsten.</li></ul><p>Frühere Wertentwicklungen sind kein verlässlicher Indikator für künftige Ergebnisse. Wenn Sie unsicher sind, üben Sie zunächst mit einem Demokonto.</p>',
      },
      ru: {
        title: 'Уведомление о рисках торговли с кредитным плечом',
        desc: 'Кредитное плечо увеличивает как прибыль, так и убытки. Прочитайте это перед началом торговли.',
        content:
          '<p>Маржинальная торговля валютами и CFD сопряжена с высоким риском. При плече 1:100 движение цены на 1% против позиции меняет её стоимость на 100% внесённой маржи.</p><ul><li>Торгуйте только теми средствами, потерю которых можете себе позволить.</li><li>Ограничивайте убытки с помощью стоп-лосс ордеров.</li><li>Когда уровень риска опускается до 50%, позиции закрываются автоматически, начиная с самой убыточной.</li></ul><p>Прошлые результаты не являются надёжным показателем будущих. Если сомневаетесь, сначала потренируйтесь на демо-счёте.</p>',
      },
      spa: {
        title: 'Advertencia de riesgo del trading con apalancamiento',
        desc: 'El apalancamiento amplifica tanto las ganancias como las pérdidas. Léalo antes de operar.',
        content:
          '<p>Operar con divisas y CFD con margen conlleva un alto nivel de riesgo. Con un apalancamiento de 1:100, un movimiento del 1 % en contra de su posición cambia su valor en el 100 % del margen aportado.</p><ul><li>Opere solo con dinero que pueda permitirse perder.</li><li>Utilice órdenes stop-loss para limitar las pérdidas.</li><li>Cuando su nivel de riesgo cae al 50 %, las posiciones se cierran automáticamente, empezando por la que más pierde.</li></ul><p>Los resultados pasados no son un indicador fiable de resultados futuros. Si tiene dudas, practique primero en una cuenta demo.</p>',
      },
      pt: {
        title: 'Aviso de risco da negociação alavancada',
        desc: 'A alavancagem amplia tanto os ganhos como as perdas. Leia isto antes de negociar.',
        content:
          '<p>Negociar forex e CFDs com margem envolve um risco elevado. Com alavancagem de 1:100, uma variação de 1% contra a sua posição altera o seu valor em 100% da margem depositada.</p><ul><li>Negocie apenas com dinheiro que pode perder.</li><li>Use ordens de stop-loss para limitar perdas.</li><li>Quando a sua taxa de risco cai para 50%, as posições são fechadas automaticamente, começando pela que tem maior perda.</li></ul><p>O desempenho passado não é um indicador fiável de resultados futuros. Se tiver dúvidas, pratique primeiro numa conta demo.</p>',
      },
      ar: {
        title: 'الإفصاح عن مخاطر التداول بالرافعة المالية',
        desc: 'تضاعف الرافعة المالية الأرباح والخسائر على حد سواء. يرجى القراءة قبل التداول.',
        content:
          '<p>ينطوي تداول العملات الأجنبية وعقود الفروقات بالهامش على مخاطر عالية. فمع رافعة 1:100، تؤدي حركة سعرية بنسبة 1% عكس مركزك إلى تغيّر قيمته بما يعادل 100% من الهامش المودَع.</p><ul><li>تداول فقط بأموال يمكنك تحمّل خسارتها.</li><li>استخدم أوامر وقف الخسارة للحد من الخسائر.</li><li>عندما ينخفض معدل المخاطرة إلى 50%، تُغلق المراكز تلقائيًا بدءًا بالمركز الأكثر خسارة.</li></ul><p>الأداء السابق ليس مؤشرًا موثوقًا على النتائج المستقبلية. إذا لم تكن متأكدًا، فتدرّب أولًا على حساب تجريبي.</p>',
      },
      it: {
        title: 'Informativa sui rischi del trading con leva',
        desc: 'La leva amplifica sia i guadagni sia le perdite. Leggi prima di fare trading.',
        content:
          '<p>Il trading di forex e CFD a margine comporta un rischio elevato. Con una leva di 1:100, un movimento dell’1% contro la tua posizione ne cambia il valore del 100% del margine versato.</p><ul><li>Fai trading solo con denaro che puoi permetterti di perdere.</li><li>Usa ordini stop loss per limitare le perdite.</li><li>Quando il tasso di rischio scende al 50%, le posizioni vengono chiuse automaticamente, a partire da quella in maggiore perdita.</li></ul><p>I risultati passati non sono un indicatore affidabile dei risultati futuri. Se hai dubbi, esercitati prima su un conto demo.</p>',
      },
      tr: {
        title: 'Kaldıraçlı işlemlerde risk bildirimi',
        desc: 'Kaldıraç hem kazançları hem kayıpları büyütür. İşlem yapmadan önce lütfen okuyun.',
        content:
          '<p>Teminatlı forex ve CFD işlemleri yüksek risk taşır. 1:100 kaldıraçta pozisyonunuzun aleyhine %1’lik bir fiyat hareketi, yatırdığınız teminatın %100’ü kadar değer değişimine yol açar.</p><ul><li>Yalnızca kaybetmeyi göze alabileceğiniz parayla işlem yapın.</li><li>Kayıpları sınırlamak için zarar durdur emirleri kullanın.</li><li>Risk oranınız %50’ye düştüğünde pozisyonlar, en çok zarar edenden başlayarak otomatik olarak kapatılır.</li></ul><p>Geçmiş performans, gelecekteki sonuçların güvenilir bir göstergesi değildir. Emin değilseniz önce demo hesapta pratik yapın.</p>',
      },
    },
  },
];
