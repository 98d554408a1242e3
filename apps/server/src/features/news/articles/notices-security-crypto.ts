import type { ArticleSeed } from './types.js';

/** The account-security notice and the cryptocurrency weekend-trading article. */
export const SECURITY_AND_CRYPTO: readonly ArticleSeed[] = [
  {
    id: 7,
    category: 1,
    slug: 'account-security',
    mark: 'S',
    color: '#6a1b9a',
    published: '2026-10-01T08:00:00Z',
    texts: {
      en: {
        title: 'Keep your account safe: beware of phishing',
        desc: 'We will never ask for your password or verification code by phone, chat or e-mail.',
        content:
          '<p>Fraudsters sometimes pose as our staff. Meridian will never ask you for your password or a verification code, and never asks you to send funds to a personal wallet.</p><p>Use a unique password, log out on shared devices and check the web address before you log in. If something looks wrong, contact customer service through the Online chat in the app.</p>',
      },
      hk: {
        title: '保障帳戶安全：提防釣魚詐騙',
        desc: '我們絕不會透過電話、聊天或電郵索取您的密碼或驗證碼。',
        content:
          '<p>不法分子有時會冒充我們的職員。Meridian 絕不會向您索取密碼或驗證碼，亦絕不會要求您把資金轉到個人錢包。</p><p>請使用獨一無二的密碼，在共用裝置上登出，並於登入前核對網址。如發現可疑情況，請透過應用程式內的線上客服聯絡我們。</p>',
      },
      jp: {
        title: 'アカウントを守るために：フィッシングにご注意ください',
        desc: '当社が電話、チャット、メールでパスワードや認証コードを求めることはありません。',
        content:
          '<p>詐欺師が当社スタッフを装うことがあります。Meridian がパスワードや認証コードを尋ねたり、個人のウォレットへの送金を求めたりすることは決してありません。</p><p>固有のパスワードを使い、共用端末ではログアウトし、ログイン前に URL をご確認ください。不審な点があれば、アプリ内のオンラインチャットからご連絡ください。</p>',
      },
      kr: {
        title: '계정 보안: 피싱에 주의하세요',
        desc: '당사는 전화, 채팅, 이메일로 비밀번호나 인증 코드를 절대 요청하지 않습니다.',
        content:
          '<p>사기범이 당사 직원을 사칭하는 경우가 있습니다. Meridian은 비밀번호나 인증 코드를 묻거나 개인 지갑으로 송금을 요구하지 않습니다.</p><p>고유한 비밀번호를 사용하고, 공용 기기에서는 로그아웃하며, 로그인 전에 웹 주소를 확인하세요. 의심스러운 점이 있으면 앱의 온라인 채팅으로 고객센터에 문의하세요.</p>',
      },
      th: {
        title: 'รักษาบัญชีให้ปลอดภัย: ระวังการฟิชชิง',
        desc: 'เราจะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณทางโทรศัพท์ แชต หรืออีเมล',
        content:
          '<p>มิจฉาชีพบางครั้งแอบอ้างเป็นพนักงานของเรา Meridian จะไม่ขอรหัสผ่านหรือรหัสยืนยันจากคุณ และจะไม่ขอให้คุณโอนเงินเข้ากระเป๋าเงินส่วนตัว</p><p>ใช้รหัสผ่านที่ไม่ซ้ำกับที่อื่น ออกจากระบบบนอุปกรณ์ที่ใช้ร่วมกัน และตรวจสอบที่อยู่เว็บก่อนเข้าสู่ระบบ หากพบสิ่งผิดปกติ โปรดติดต่อฝ่ายบริการลูกค้าผ่านแชตออนไลน์ในแอป</p>',
      },
      vn: {
        title: 'Bảo vệ tài khoản: cảnh giác với lừa đảo giả mạo',
        desc: 'Chúng tôi không bao giờ hỏi mật khẩu hay mã xác minh qua điện thoại, chat hoặc email.',
        content:
          '<p>Kẻ gian đôi khi mạo danh nhân viên của chúng tôi. Meridian không bao giờ hỏi mật khẩu hay mã xác minh của bạn, và không bao giờ yêu cầu chuyển tiền vào ví cá nhân.</p><p>Hãy dùng mật khẩu riêng, đăng xuất trên thiết bị dùng chung và kiểm tra địa chỉ web trước khi đăng nhập. Nếu thấy bất thường, hãy liên hệ chăm sóc khách hàng qua Trò chuyện trực tuyến trong ứng dụng.</p>',
      },
      fr: {
        title: 'Protégez votre compte : attention à l’hameçonnage',
        desc: 'Nous ne vous demanderons jamais votre mot de passe ni un code de vérification par téléphone, chat ou e-mail.',
        content:
          '<p>Des fraudeurs se font parfois passer pour nos équipes. Meridian ne vous demandera jamais votre mot de passe ni un code de vérification, et ne vous demandera jamais d’envoyer des fonds vers un portefeuille personnel.</p><p>Utilisez un mot de passe unique, déconnectez-vous sur les appareils partagés et vérifiez l’adresse web avant de vous connecter. En cas de doute, contactez le service client via le chat en ligne de l’application.</p>',
      },
      de: {
        title: 'Schützen Sie Ihr Konto: Vorsicht vor Phishing',
        desc: 'Wir fragen niemals per Telefon, Chat oder E-Mail nach Ihrem Passwort oder Bestätigungscode.',
        content:
          '<p>Betrüger geben sich manchmal als unsere Mitarbeiter aus. Meridian fragt Sie niemals nach Ihrem Passwort oder einem Bestätigungscode und fordert Sie nie auf, Geld an eine private Wallet zu senden.</p><p>Verwenden Sie ein eigenes Passwort, melden Sie sich auf gemeinsam genutzten Geräten ab und prüfen Sie vor der Anmeldung die Webadresse. Kommt Ihnen etwas seltsam vor, wenden Sie sich über den Online-Chat in der App an den Kundenservice.</p>',
      },
      ru: {
        title: 'Берегите свой счёт: остерегайтесь фишинга',
        desc: 'Мы никогда не запрашиваем пароль или код подтверждения по телефону, в чате или по почте.',
        content:
          '<p>Мошенники иногда выдают себя за наших сотрудников. Meridian никогда не спрашивает ваш пароль или код подтверждения и никогда не просит перевести средства на личный кошелёк.</p><p>Используйте уникальный пароль, выходите из аккаунта на общих устройствах и проверяйте адрес сайта перед входом. Если что-то вызывает сомнения, свяжитесь со службой поддержки через онлайн-чат в приложении.</p>',
      },
      spa: {
        title: 'Proteja su cuenta: cuidado con el phishing',
        desc: 'Nunca le pediremos su contraseña ni un código de verificación por teléfono, chat o correo.',
        content:
          '<p>A veces los estafadores se hacen pasar por nuestro personal. Meridian nunca le pedirá su contraseña ni un código de verificación, ni que envíe fondos a un monedero personal.</p><p>Use una contraseña única, cierre sesión en dispositivos compartidos y compruebe la dirección web antes de iniciar sesión. Si algo le parece extraño, contacte con atención al cliente a través del chat en línea de la aplicación.</p>',
      },
      pt: {
        title: 'Proteja a sua conta: cuidado com o phishing',
        desc: 'Nunca pedimos a sua palavra-passe nem códigos de verificação por telefone, chat ou e-mail.',
        content:
          '<p>Por vezes, burlões fazem-se passar pela nossa equipa. A Meridian nunca lhe pedirá a palavra-passe nem um código de verificação, nem que envie fundos para uma carteira pessoal.</p><p>Use uma palavra-passe única, termine a sessão em dispositivos partilhados e verifique o endereço web antes de entrar. Se algo parecer estranho, contacte o apoio ao cliente pelo chat online da app.</p>',
      },
      ar: {
        title: 'حافظ على أمان حسابك: احذر من التصيّد الاحتيالي',
        desc: 'لن نطلب منك أبدًا كلمة المرور أو رمز التحقق عبر الهاتف أو الدردشة أو البريد الإلكتروني.',
        content:
          '<p>ينتحل المحتالون أحيانًا صفة موظفينا. لن تطلب منك Meridian أبدًا كلمة المرور أو رمز التحقق، ولن تطلب منك تحويل أموال إلى محفظة شخصية.</p><p>استخدم كلمة مرور فريدة، وسجّل الخروج على الأجهزة المشتركة، وتحقق من عنوان الموقع قبل تسجيل الدخول. إذا لاحظت أمرًا مريبًا، فتواصل مع خدمة العملاء عبر الدردشة المباشرة في التطبيق.</p>',
      },
      it: {
        title: 'Proteggi il tuo conto: attenzione al phishing',
        desc: 'Non ti chiederemo mai password o codici di verifica per telefono, chat o e-mail.',
        content:
          '<p>A volte i truffatori si spacciano per il nostro personale. Meridian non ti chiederà mai la password o un codice di verifica, né di inviare fondi a un portafoglio personale.</p><p>Usa una password unica, esci dall’account sui dispositivi condivisi e controlla l’indirizzo web prima di accedere. Se qualcosa non ti convince, contatta l’assistenza tramite la chat online dell’app.</p>',
      },
      tr: {
        title: 'Hesabınızı koruyun: oltalama saldırılarına dikkat',
        desc: 'Şifrenizi veya doğrulama kodunuzu asla telefon, sohbet ya da e-posta ile istemeyiz.',
        content:
          '<p>Dolandırıcılar bazen çalışanlarımız gibi davranır. Meridian sizden asla şifrenizi veya doğrulama kodunuzu istemez ve kişisel bir cüzdana para göndermenizi talep etmez.</p><p>Benzersiz bir şifre kullanın, ortak cihazlarda oturumu kapatın ve giriş yapmadan önce web adresini kontrol edin. Şüpheli bir durum görürseniz uygulamadaki çevrimiçi sohbetten müşteri hizmetlerine ulaşın.</p>',
      },
    },
  },
  {
    id: 12,
    category: 2,
    slug: 'crypto-weekend-trading',
    mark: 'BTC',
    color: '#f7931a',
    published: '2026-11-20T08:00:00Z',
    texts: {
      en: {
        title: 'Crypto CFDs trade through the weekend',
        desc: 'Bitcoin, Ether and other crypto pairs stay open on Saturdays and Sundays, with wider weekend spreads.',
        content:
          '<p>Unlike forex, cryptocurrency CFDs can be traded 24 hours a day, seven days a week. Weekend liquidity is lower, so spreads are usually wider and prices can move sharply.</p><p>Because crypto moves several percent in a day, consider lower leverage and always set a stop loss.</p>',
      },
      hk: {
        title: '加密貨幣差價合約週末照常交易',
        desc: '比特幣、以太幣等加密貨幣於週六及週日照常開放，週末點差較闊。',
        content:
          '<p>與外匯不同，加密貨幣差價合約可每週七天、每日 24 小時交易。週末流動性較低，點差通常較闊，價格亦可能急劇波動。</p><p>由於加密貨幣單日波幅可達數個百分點，建議使用較低槓桿並必定設定止損。</p>',
      },
      jp: {
        title: '暗号資産 CFD は週末も取引可能',
        desc: 'ビットコイン、イーサなどの暗号資産は土日も取引でき、週末はスプレッドが広がります。',
        content:
          '<p>FX とは異なり、暗号資産 CFD は 24 時間 365 日取引できます。週末は流動性が低いため、スプレッドが広がりやすく、価格が急変することがあります。</p><p>暗号資産は 1 日に数パーセント動くこともあるため、低めのレバレッジを検討し、必ず損切りを設定してください。</p>',
      },
      kr: {
        title: '암호화폐 CFD는 주말에도 거래됩니다',
        desc: '비트코인, 이더 등 암호화폐는 토요일과 일요일에도 거래되며 주말 스프레드는 더 넓습니다.',
        content:
          '<p>외환과 달리 암호화폐 CFD는 주 7일 24시간 거래할 수 있습니다. 주말에는 유동성이 낮아 스프레드가 넓어지고 가격이 급변할 수 있습니다.</p><p>암호화폐는 하루에도 몇 퍼센트씩 움직이므로 낮은 레버리지를 고려하고 항상 손절을 설정하세요.</p>',
      },
      th: {
        title: 'CFD คริปโทซื้อขายได้ตลอดสุดสัปดาห์',
        desc: 'บิตคอยน์ อีเธอร์ และคู่คริปโทอื่น ๆ เปิดซื้อขายวันเสาร์และอาทิตย์ โดยสเปรดช่วงสุดสัปดาห์กว้างกว่า',
        content:
          '<p>ต่างจากฟอเร็กซ์ CFD คริปโทเคอร์เรนซีซื้อขายได้ตลอด 24 ชั่วโมง 7 วันต่อสัปดาห์ สภาพคล่องช่วงสุดสัปดาห์ต่ำกว่า สเปรดจึงมักกว้างขึ้นและราคาอาจผันผวนรุนแรง</p><p>เนื่องจากคริปโทเคลื่อนไหวหลายเปอร์เซ็นต์ในวันเดียว ควรพิจารณาใช้เลเวอเรจต่ำและตั้งจุดตัดขาดทุนทุกครั้ง</p>',
      },
      vn: {
        title: 'CFD tiền mã hóa giao dịch cả cuối tuần',
        desc: 'Bitcoin, Ether và các cặp tiền mã hóa khác vẫn mở vào thứ Bảy, Chủ nhật, với chênh lệch giá rộng hơn.',
        content:
          '<p>Khác với ngoại hối, CFD tiền mã hóa có thể giao dịch 24 giờ mỗi ngày, bảy ngày mỗi tuần. Thanh khoản cuối tuần thấp hơn nên chênh lệch giá thường rộng hơn và giá có thể biến động mạnh.</p><p>Vì tiền mã hóa có thể dao động vài phần trăm mỗi ngày, hãy cân nhắc dùng đòn bẩy thấp và luôn đặt cắt lỗ.</p>',
      },
      fr: {
        title: 'Les CFD crypto se négocient aussi le week-end',
        desc: 'Bitcoin, Ether et les autres paires crypto restent ouverts le samedi et le dimanche, avec des spreads plus larges.',
        content:
          '<p>Contrairement au forex, les CFD sur cryptomonnaies se négocient 24 heures sur 24, sept jours sur sept. La liquidité du week-end est plus faible : les spreads sont généralement plus larges et les prix peuvent varier brusquement.</p><p>Les cryptos pouvant bouger de plusieurs pour cent en une journée, envisagez un levier réduit et placez toujours un stop loss.</p>',
      },
      de: {
        title: 'Krypto-CFDs auch am Wochenende handelbar',
        desc: 'Bitcoin, Ether und andere Krypto-Paare bleiben samstags und sonntags geöffnet, mit breiteren Spreads.',
        content:
          '<p>Anders als Devisen sind Kryptowährungs-CFDs rund um die Uhr an sieben Tagen pro Woche handelbar. Am Wochenende ist die Liquidität geringer, die Spreads sind meist breiter und die Kurse können stark schwanken.</p><p>Da Kryptowährungen an einem Tag mehrere Prozent schwanken können, sollten Sie einen niedrigeren Hebel erwägen und stets einen Stop-Loss setzen.</p>',
      },
      ru: {
        title: 'Криптовалютные CFD торгуются и в выходные',
        desc: 'Биткоин, эфир и другие криптопары доступны в субботу и воскресенье, спреды в выходные шире.',
        content:
          '<p>В отличие от валют, CFD на криптовалюты торгуются круглосуточно, семь дней в неделю. В выходные ликвидность ниже, поэтому спреды обычно шире, а цены могут резко меняться.</p><p>Криптовалюты могут двигаться на несколько процентов за день, поэтому используйте меньшее плечо и всегда ставьте стоп-лосс.</p>',
      },
      spa: {
        title: 'Los CFD de criptomonedas operan el fin de semana',
        desc: 'Bitcoin, Ether y otros pares cripto siguen abiertos sábados y domingos, con spreads más amplios.',
        content:
          '<p>A diferencia del forex, los CFD de criptomonedas se negocian las 24 horas, los siete días de la semana. El fin de semana hay menos liquidez, así que los spreads suelen ser más amplios y los precios pueden moverse bruscamente.</p><p>Como las criptomonedas pueden moverse varios puntos porcentuales en un día, considere un apalancamiento menor y fije siempre un stop loss.</p>',
      },
      pt: {
        title: 'CFDs de cripto negociam ao fim de semana',
        desc: 'Bitcoin, Ether e outros pares cripto continuam abertos ao sábado e domingo, com spreads mais largos.',
        content:
          '<p>Ao contrário do forex, os CFDs de criptomoedas negociam 24 horas por dia, sete dias por semana. Ao fim de semana a liquidez é menor, por isso os spreads costumam ser mais largos e os preços podem mover-se bruscamente.</p><p>Como as criptomoedas podem variar vários pontos percentuais num dia, considere uma alavancagem mais baixa e defina sempre um stop loss.</p>',
      },
      ar: {
        title: 'تداول عقود فروقات العملات المشفرة طوال عطلة نهاية الأسبوع',
        desc: 'تبقى البيتكوين والإيثر وأزواج العملات المشفرة الأخرى مفتوحة يومي السبت والأحد مع فروق أسعار أوسع.',
        content:
          '<p>على عكس العملات الأجنبية، يمكن تداول عقود فروقات العملات المشفرة على مدار 24 ساعة طوال أيام الأسبوع. تكون السيولة في عطلة نهاية الأسبوع أقل، لذا تتسع فروق الأسعار عادةً وقد تتحرك الأسعار بحدة.</p><p>ولأن العملات المشفرة قد تتحرك عدة بالمئة في يوم واحد، ففكّر في استخدام رافعة أقل وضع دائمًا أمر وقف الخسارة.</p>',
      },
      it: {
        title: 'I CFD sulle criptovalute si negoziano nel fine settimana',
        desc: 'Bitcoin, Ether e le altre coppie crypto restano aperti sabato e domenica, con spread più ampi.',
        content:
          '<p>A differenza del forex, i CFD sulle criptovalute si negoziano 24 ore su 24, sette giorni su sette. Nel fine settimana la liquidità è minore, quindi gli spread sono di solito più ampi e i prezzi possono muoversi bruscamente.</p><p>Poiché le crypto possono variare di alcuni punti percentuali in un giorno, valuta una leva più bassa e imposta sempre uno stop loss.</p>',
      },
      tr: {
        title: 'Kripto CFD’leri hafta sonu da işlem görüyor',
        desc: 'Bitcoin, Ether ve diğer kripto pariteleri cumartesi ve pazar açık; hafta sonu makaslar daha geniş.',
        content:
          '<p>Forex’ten farklı olarak kripto para CFD’leri haftanın yedi günü, günün 24 saati işlem görür. Hafta sonu likidite düşük olduğundan makaslar genellikle daha geniştir ve fiyatlar sert hareket edebilir.</p><p>Kripto paralar bir günde yüzde birkaç hareket edebildiği için daha düşük kaldıraç kullanmayı düşünün ve her zaman zarar durdur belirleyin.</p>',
      },
    },
  },
];
