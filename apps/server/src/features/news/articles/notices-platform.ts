import type { ArticleSeed } from './types.js';

/** Platform notices: maintenance, negative balance protection, account security. */
export const PLATFORM_NOTICES: readonly ArticleSeed[] = [
  {
    id: 5,
    category: 1,
    slug: 'scheduled-maintenance',
    mark: 'M',
    color: '#455a64',
    published: '2026-11-02T08:00:00Z',
    texts: {
      en: {
        title: 'Scheduled maintenance on Saturday 28 November',
        desc: 'The app will be unavailable from 01:00 to 03:00 London time while we upgrade our servers.',
        content:
          '<p>We will upgrade our trading servers on Saturday 28 November 2026 from 01:00 to 03:00 London time. During this window you cannot log in, place orders or make deposits.</p><p>Forex markets are closed at that time, so open positions are not affected. Take-profit and stop-loss orders stay in place. Thank you for your patience.</p>',
      },
      hk: {
        title: '11 月 28 日（星期六）系統維護',
        desc: '倫敦時間 01:00 至 03:00 進行伺服器升級，期間暫停服務。',
        content:
          '<p>我們將於 2026 年 11 月 28 日（星期六）倫敦時間 01:00 至 03:00 升級交易伺服器。期間無法登入、下單或存款。</p><p>外匯市場於該時段休市，持倉不受影響，止盈及止損單亦會保留。感謝您的耐心等候。</p>',
      },
      jp: {
        title: '11月28日（土）定期メンテナンスのお知らせ',
        desc: 'サーバー更新のため、ロンドン時間 01:00〜03:00 はご利用いただけません。',
        content:
          '<p>2026年11月28日（土）ロンドン時間 01:00〜03:00 に取引サーバーの更新を行います。この間はログイン、注文、入金ができません。</p><p>この時間帯は FX 市場が休場のため、保有ポジションへの影響はありません。利益確定・損切り注文も維持されます。ご理解をお願いいたします。</p>',
      },
      kr: {
        title: '11월 28일(토) 정기 점검 안내',
        desc: '서버 업그레이드로 런던 시간 01:00~03:00 동안 앱을 이용할 수 없습니다.',
        content:
          '<p>2026년 11월 28일(토) 런던 시간 01:00~03:00에 거래 서버를 업그레이드합니다. 이 시간에는 로그인, 주문, 입금이 불가능합니다.</p><p>해당 시간에는 외환 시장이 휴장하므로 보유 포지션에는 영향이 없으며, 이익 실현 및 손절 주문도 유지됩니다. 양해해 주셔서 감사합니다.</p>',
      },
      th: {
        title: 'ปิดปรับปรุงระบบวันเสาร์ที่ 28 พฤศจิกายน',
        desc: 'แอปจะไม่พร้อมใช้งานระหว่างเวลา 01:00–03:00 น. ตามเวลาลอนดอน เพื่ออัปเกรดเซิร์ฟเวอร์',
        content:
          '<p>เราจะอัปเกรดเซิร์ฟเวอร์การซื้อขายในวันเสาร์ที่ 28 พฤศจิกายน 2026 เวลา 01:00–03:00 น. ตามเวลาลอนดอน ระหว่างนี้คุณจะไม่สามารถเข้าสู่ระบบ ส่งคำสั่ง หรือฝากเงินได้</p><p>ตลาดฟอเร็กซ์ปิดในช่วงเวลาดังกล่าว โพซิชันที่เปิดอยู่จึงไม่ได้รับผลกระทบ และคำสั่งทำกำไรและตัดขาดทุนยังคงอยู่ ขอบคุณสำหรับความอดทน</p>',
      },
      vn: {
        title: 'Bảo trì định kỳ vào thứ Bảy 28/11',
        desc: 'Ứng dụng tạm ngừng từ 01:00 đến 03:00 giờ London để nâng cấp máy chủ.',
        content:
          '<p>Chúng tôi sẽ nâng cấp máy chủ giao dịch vào thứ Bảy 28/11/2026 từ 01:00 đến 03:00 giờ London. Trong thời gian này bạn không thể đăng nhập, đặt lệnh hoặc nạp tiền.</p><p>Thị trường ngoại hối đóng cửa vào khung giờ đó nên các vị thế mở không bị ảnh hưởng. Lệnh chốt lời và cắt lỗ vẫn được giữ nguyên. Cảm ơn bạn đã kiên nhẫn.</p>',
      },
      fr: {
        title: 'Maintenance programmée le samedi 28 novembre',
        desc: 'L’application sera indisponible de 1 h à 3 h, heure de Londres, pendant la mise à niveau de nos serveurs.',
        content:
          '<p>Nous mettrons à niveau nos serveurs de trading le samedi 28 novembre 2026 de 1 h à 3 h, heure de Londres. Pendant ce créneau, vous ne pourrez ni vous connecter, ni passer d’ordres, ni effectuer de dépôts.</p><p>Les marchés des changes sont fermés à ce moment-là : vos positions ouvertes ne sont pas affectées et vos ordres take profit et stop loss sont conservés. Merci de votre patience.</p>',
      },
      de: {
        title: 'Geplante Wartung am Samstag, 28. November',
        desc: 'Von 01:00 bis 03:00 Uhr Londoner Zeit ist die App wegen eines Server-Upgrades nicht verfügbar.',
        content:
          '<p>Am Samstag, 28. November 2026, aktualisieren wir von 01:00 bis 03:00 Uhr Londoner Zeit unsere Handelsserver. In dieser Zeit sind Anmeldung, Orders und Einzahlungen nicht möglich.</p><p>Die Devisenmärkte sind zu dieser Zeit geschlossen, offene Positionen sind daher nicht betroffen. Take-Profit- und Stop-Loss-Orders bleiben bestehen. Vielen Dank für Ihre Geduld.</p>',
      },
      ru: {
        title: 'Плановые технические работы в субботу, 28 ноября',
        desc: 'С 01:00 до 03:00 по лондонскому времени приложение будет недоступно из-за обновления серверов.',
        content:
          '<p>В субботу, 28 ноября 2026 года, с 01:00 до 03:00 по лондонскому времени мы обновим торговые серверы. В это время нельзя будет войти в систему, выставить ордер или пополнить счёт.</p><p>Валютный рынок в эти часы закрыт, поэтому открытые позиции не затрагиваются. Ордера тейк-профит и стоп-лосс сохраняются. Благодарим за терпение.</p>',
      },
      spa: {
        title: 'Mantenimiento programado el sábado 28 de noviembre',
        desc: 'La aplicación no estará disponible de 01:00 a 03:00, hora de Londres, por la actualización de servidores.',
        content:
          '<p>Actualizaremos nuestros servidores de trading el sábado 28 de noviembre de 2026 de 01:00 a 03:00, hora de Londres. Durante ese tiempo no podrá iniciar sesión, enviar órdenes ni hacer depósitos.</p><p>Los mercados de divisas están cerrados a esa hora, por lo que las posiciones abiertas no se ven afectadas. Las órdenes take profit y stop loss se mantienen. Gracias por su paciencia.</p>',
      },
      pt: {
        title: 'Manutenção programada no sábado, 28 de novembro',
        desc: 'A app estará indisponível das 01:00 às 03:00, hora de Londres, durante a atualização dos servidores.',
        content:
          '<p>Vamos atualizar os nossos servidores de negociação no sábado, 28 de novembro de 2026, das 01:00 às 03:00, hora de Londres. Durante esse período não poderá iniciar sessão, colocar ordens nem fazer depósitos.</p><p>Os mercados cambiais estão fechados a essa hora, pelo que as posições abertas não são afetadas. As ordens de take profit e stop loss mantêm-se. Obrigado pela paciência.</p>',
      },
      ar: {
        title: 'صيانة مجدولة يوم السبت 28 نوفمبر',
        desc: 'سيكون التطبيق غير متاح من 01:00 إلى 03:00 بتوقيت لندن أثناء ترقية الخوادم.',
        content:
          '<p>سنقوم بترقية خوادم التداول يوم السبت 28 نوفمبر 2026 من الساعة 01:00 إلى 03:00 بتوقيت لندن. خلال هذه الفترة لا يمكنك تسجيل الدخول أو تقديم الأوامر أو الإيداع.</p><p>تكون أسواق العملات مغلقة في ذلك الوقت، لذا لن تتأثر المراكز المفتوحة، وتبقى أوامر جني الأرباح ووقف الخسارة قائمة. شكرًا لصبركم.</p>',
      },
      it: {
        title: 'Manutenzione programmata sabato 28 novembre',
        desc: 'L’app non sarà disponibile dalle 01:00 alle 03:00 ora di Londra per l’aggiornamento dei server.',
        content:
          '<p>Aggiorneremo i nostri server di trading sabato 28 novembre 2026 dalle 01:00 alle 03:00 ora di Londra. In questa finestra non sarà possibile accedere, inviare ordini o effettuare depositi.</p><p>A quell’ora i mercati valutari sono chiusi, quindi le posizioni aperte non sono interessate. Gli ordini take profit e stop loss restano attivi. Grazie per la pazienza.</p>',
      },
      tr: {
        title: '28 Kasım Cumartesi planlı bakım',
        desc: 'Sunucu yükseltmesi nedeniyle uygulama Londra saatiyle 01:00–03:00 arasında kullanılamayacak.',
        content:
          '<p>İşlem sunucularımızı 28 Kasım 2026 Cumartesi günü Londra saatiyle 01:00–03:00 arasında yükselteceğiz. Bu sürede giriş yapamaz, emir veremez ve para yatıramazsınız.</p><p>Döviz piyasaları o saatte kapalı olduğundan açık pozisyonlar etkilenmez. Kâr al ve zarar durdur emirleri yerinde kalır. Sabrınız için teşekkür ederiz.</p>',
      },
    },
  },
  {
    id: 6,
    category: 1,
    slug: 'negative-balance-protection',
    mark: '0',
    color: '#1f5eff',
    published: '2026-09-15T08:00:00Z',
    texts: {
      en: {
        title: 'Negative balance protection and stop-out',
        desc: 'Your balance can never fall below zero. Here is how margin calls and stop-outs work.',
        content:
          '<p>Every account is covered by negative balance protection: if a sudden price gap closes a position at a loss larger than your balance, we absorb the difference and your balance stays at zero.</p><p>We warn you when your risk rate (equity divided by used margin) reaches 100%. At 50% positions are closed automatically, the most losing first, until the rate recovers.</p>',
      },
      hk: {
        title: '負結餘保障及強制平倉',
        desc: '您的結餘永遠不會低於零。以下說明追加保證金通知及強制平倉的運作方式。',
        content:
          '<p>所有帳戶均享有負結餘保障：若價格突然跳空令持倉以大於結餘的虧損平倉，差額由我們承擔，您的結餘維持於零。</p><p>當風險率（淨值除以已用保證金）達 100% 時，我們會向您發出提示；跌至 50% 時，系統會由虧損最大的持倉開始自動平倉，直至風險率回升。</p>',
      },
      jp: {
        title: 'マイナス残高保護とロスカット',
        desc: '残高がマイナスになることはありません。マージンコールとロスカットの仕組みをご説明します。',
        content:
          '<p>すべての口座はマイナス残高保護の対象です。急な価格の窓開けにより残高を超える損失で決済された場合でも、差額は当社が負担し、残高はゼロにとどまります。</p><p>リスク率（有効証拠金 ÷ 使用証拠金）が 100% に達すると警告を表示します。50% に達すると、損失の大きいポジションから順に自動決済され、リスク率が回復するまで続きます。</p>',
      },
      kr: {
        title: '마이너스 잔액 보호와 강제 청산',
        desc: '잔액은 절대 0 아래로 내려가지 않습니다. 마진콜과 강제 청산의 작동 방식을 안내합니다.',
        content:
          '<p>모든 계좌에는 마이너스 잔액 보호가 적용됩니다. 갑작스러운 가격 갭으로 잔액보다 큰 손실로 청산되더라도 차액은 당사가 부담하며 잔액은 0으로 유지됩니다.</p><p>위험률(순자산 ÷ 사용 증거금)이 100%에 도달하면 경고를 보내 드립니다. 50%에서는 손실이 가장 큰 포지션부터 자동으로 청산되며 위험률이 회복될 때까지 계속됩니다.</p>',
      },
      th: {
        title: 'การคุ้มครองยอดติดลบและการตัดขาดทุนอัตโนมัติ',
        desc: 'ยอดเงินของคุณจะไม่ติดลบ นี่คือวิธีการทำงานของมาร์จิ้นคอลและสต็อปเอาต์',
        content:
          '<p>ทุกบัญชีได้รับการคุ้มครองยอดติดลบ หากราคากระโดดอย่างฉับพลันจนปิดโพซิชันด้วยการขาดทุนมากกว่ายอดเงิน เราจะรับส่วนต่างไว้เองและยอดเงินของคุณจะคงอยู่ที่ศูนย์</p><p>เราจะแจ้งเตือนเมื่ออัตราความเสี่ยง (มูลค่าสุทธิหารด้วยมาร์จิ้นที่ใช้) ถึง 100% และที่ 50% ระบบจะปิดโพซิชันอัตโนมัติ โดยเริ่มจากโพซิชันที่ขาดทุนมากที่สุด จนกว่าอัตราจะฟื้นตัว</p>',
      },
      vn: {
        title: 'Bảo vệ số dư âm và dừng lỗ bắt buộc',
        desc: 'Số dư của bạn không bao giờ xuống dưới 0. Đây là cách cảnh báo ký quỹ và dừng lỗ bắt buộc hoạt động.',
        content:
          '<p>Mọi tài khoản đều được bảo vệ số dư âm: nếu giá nhảy đột ngột khiến vị thế đóng với khoản lỗ lớn hơn số dư, chúng tôi chịu phần chênh lệch và số dư của bạn giữ ở mức 0.</p><p>Chúng tôi cảnh báo khi tỷ lệ rủi ro (giá trị ròng chia cho ký quỹ đã dùng) chạm 100%. Ở mức 50%, các vị thế sẽ tự động đóng, bắt đầu từ vị thế lỗ nhiều nhất, cho đến khi tỷ lệ phục hồi.</p>',
      },
      fr: {
        title: 'Protection contre le solde négatif et stop-out',
        desc: 'Votre solde ne peut jamais passer sous zéro. Voici comment fonctionnent l’appel de marge et le stop-out.',
        content:
          '<p>Chaque compte bénéficie de la protection contre le solde négatif : si un gap de prix soudain clôture une position avec une perte supérieure à votre solde, nous prenons la différence à notre charge et votre solde reste à zéro.</p><p>Nous vous avertissons lorsque votre taux de risque (capitaux propres divisés par la marge utilisée) atteint 100 %. À 50 %, les positions sont clôturées automatiquement, la plus perdante d’abord, jusqu’au rétablissement du taux.</p>',
      },
      de: {
        title: 'Schutz vor negativem Saldo und Stop-out',
        desc: 'Ihr Guthaben kann nie unter null fallen. So funktionieren Margin Call und Stop-out.',
        content:
          '<p>Jedes Konto ist vor einem negativen Saldo geschützt: Schließt eine plötzliche Kurslücke eine Position mit einem Verlust, der Ihr Guthaben übersteigt, tragen wir die Differenz und Ihr Guthaben bleibt bei null.</p><p>Erreicht Ihre Risikoquote (Eigenkapital geteilt durch genutzte Margin) 100 %, warnen wir Sie. Bei 50 % werden Positionen automatisch geschlossen, die verlustreichste zuerst, bis sich die Quote erholt.</p>',
      },
      ru: {
        title: 'Защита от отрицательного баланса и стоп-аут',
        desc: 'Ваш баланс никогда не станет отрицательным. Как работают маржин-колл и стоп-аут.',
        content:
          '<p>Каждый счёт защищён от отрицательного баланса: если резкий ценовой разрыв закроет позицию с убытком больше вашего баланса, разницу покрываем мы, а баланс остаётся нулевым.</p><p>Мы предупреждаем, когда уровень риска (средства, делённые на использованную маржу) достигает 100%. При 50% позиции закрываются автоматически, начиная с самой убыточной, пока уровень не восстановится.</p>',
      },
      spa: {
        title: 'Protección de saldo negativo y stop out',
        desc: 'Su saldo nunca puede ser inferior a cero. Así funcionan la llamada de margen y el stop out.',
        content:
          '<p>Todas las cuentas cuentan con protección de saldo negativo: si un salto brusco del precio cierra una posición con una pérdida mayor que su saldo, asumimos la diferencia y su saldo se queda en cero.</p><p>Le avisamos cuando su nivel de riesgo (capital dividido entre el margen usado) llega al 100 %. Al 50 % las posiciones se cierran automáticamente, empezando por la que más pierde, hasta que el nivel se recupera.</p>',
      },
      pt: {
        title: 'Proteção de saldo negativo e stop out',
        desc: 'O seu saldo nunca fica abaixo de zero. Veja como funcionam a chamada de margem e o stop out.',
        content:
          '<p>Todas as contas têm proteção de saldo negativo: se um salto súbito de preço fechar uma posição com perda superior ao seu saldo, suportamos a diferença e o saldo fica em zero.</p><p>Avisamos quando a sua taxa de risco (capital próprio a dividir pela margem usada) atinge 100%. Aos 50% as posições são fechadas automaticamente, começando pela de maior perda, até a taxa recuperar.</p>',
      },
      ar: {
        title: 'الحماية من الرصيد السالب والإغلاق الإجباري',
        desc: 'لن ينخفض رصيدك أبدًا إلى ما دون الصفر. إليك كيف يعمل نداء الهامش والإغلاق الإجباري.',
        content:
          '<p>يتمتع كل حساب بالحماية من الرصيد السالب: إذا أدت فجوة سعرية مفاجئة إلى إغلاق مركز بخسارة تتجاوز رصيدك، نتحمّل الفرق ويبقى رصيدك عند الصفر.</p><p>نرسل لك تنبيهًا عندما يبلغ معدل المخاطرة (حقوق الملكية مقسومة على الهامش المستخدم) 100%. وعند 50% تُغلق المراكز تلقائيًا بدءًا بالأكثر خسارة حتى يتعافى المعدل.</p>',
      },
      it: {
        title: 'Protezione dal saldo negativo e stop out',
        desc: 'Il tuo saldo non può mai scendere sotto zero. Ecco come funzionano margin call e stop out.',
        content:
          '<p>Ogni conto gode della protezione dal saldo negativo: se un gap improvviso chiude una posizione con una perdita superiore al saldo, copriamo noi la differenza e il saldo resta a zero.</p><p>Ti avvisiamo quando il tasso di rischio (patrimonio diviso per il margine utilizzato) raggiunge il 100%. Al 50% le posizioni vengono chiuse automaticamente, a partire da quella in maggiore perdita, finché il tasso non si riprende.</p>',
      },
      tr: {
        title: 'Negatif bakiye koruması ve stop-out',
        desc: 'Bakiyeniz asla sıfırın altına düşmez. Teminat çağrısı ve stop-out şöyle işler.',
        content:
          '<p>Her hesap negatif bakiye korumasından yararlanır: Ani bir fiyat boşluğu bir pozisyonu bakiyenizden büyük bir zararla kapatırsa farkı biz üstleniriz ve bakiyeniz sıfırda kalır.</p><p>Risk oranınız (özkaynak bölü kullanılan teminat) %100’e ulaştığında sizi uyarırız. %50’de pozisyonlar, en çok zarar edenden başlayarak oran toparlanana kadar otomatik olarak kapatılır.</p>',
      },
    },
  },
];
