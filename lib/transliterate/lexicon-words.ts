/**
 * Common words of Indian (Hindi) addresses, in Devanagari, one per line, roughly most useful first.
 * After the word come typed spellings the rules cannot derive (English loanwords, irregular names);
 * regular spellings need no entry — the engine finds a lexicon word from a typed word through
 * `looseKey` of its romanisation. This list is the ranking prior; it is NOT the evaluation set
 * (tests/transliterate/address-words.tsv), which also holds many words absent from here.
 */
export const LEXICON_TEXT = `
# institutions and buildings
विद्यालय vidyalay
महाविद्यालय mahavidyalay
प्राथमिक prathmik prathamik
माध्यमिक madhyamik
उच्च uchch uchh
उच्चतर uchchtar
राजकीय rajkiya rajkeey
सरकारी sarkari
प्राइमरी primary
मिडिल middle
स्कूल school skool
कॉलेज college collage
इंटर inter
बालिका balika
बालक balak
कन्या kanya
शिक्षा shiksha
केंद्र kendr
केन्द्र
भवन bhawan bhavan
सामुदायिक samudayik
पंचायत panchayat panchayt
ग्राम gram
नगर nagar
निगम nigam
पालिका palika
परिषद parishad
कार्यालय karyalay
आंगनबाड़ी aanganbadi anganbadi
आंगनवाड़ी anganwadi aanganwadi anganwari
अस्पताल aspatal hospital
स्वास्थ्य swasthya swasthy
उपकेंद्र upkendra
चिकित्सालय chikitsalay
औषधालय aushadhalay
डाकघर dakghar
थाना thana
चौकी chowki chauki
मंदिर mandir
मस्जिद masjid
गुरुद्वारा gurudwara
चर्च church
धर्मशाला dharamshala dharmshala
पाठशाला pathshala
मदरसा madarsa madrasa
संस्कृत sanskrit
पुस्तकालय pustakalay
छात्रावास chhatravas
सभागार sabhagar
हॉल hall
कक्ष kaksh
कक्षा kaksha
कमरा kamra
क्रमांक kramank
संख्या sankhya
नंबर number
भाग bhag
मतदान matdan
मतदाता matdata
केंद्रीय kendriya
बूथ booth
स्थल sthal
क्षेत्र kshetra chhetra kshetr
वार्ड ward
ब्लॉक block blok
सेक्टर sector
फेज phase
कॉलोनी colony
सोसाइटी society
अपार्टमेंट apartment
बिल्डिंग building
टावर tower
मार्केट market
रोड road
स्टेशन station
बस bus
स्टैंड stand
अड्डा adda
रेलवे railway
हाई high
प्लॉट plot
फ्लैट flat
गेट gate
पार्क park
ऑफिस office
बैंक bank
डिस्पेंसरी dispensary
सामने samne saamne
पास paas pass
पीछे peeche pichhe
निकट nikat
नजदीक najdeek nazdik
बगल bagal
बाजू baju
के ke
की ki
का ka
में mein me
से se
पर par
और aur
व va
एवं evam
नया naya
नई nai
नए naye
पुराना purana
पुरानी purani
पुराने purane
बड़ा bada bara
बड़ी badi bari
छोटा chhota chota
छोटी chhoti choti
ऊपर upar
नीचे neeche niche
मुख्य mukhya mukhy
# place types
गाँव gaon gaanv ganv gav
गांव
मोहल्ला mohalla muhalla
टोला tola
टोली toli
पुरवा purwa
मजरा majra
बस्ती basti
गली gali
सड़क sadak sarak
मार्ग marg
पथ path
चौक chowk chauk
चौराहा chauraha chowraha
तिराहा tiraha
बाजार bazar bajar baazar
बाज़ार
मंडी mandi
हाट haat hat
गंज ganj
पुर pur
पुरा pura
पुरी puri
नगरी nagri
गढ़ garh
आबाद abad
बाद bad
खेड़ा khera kheda
खुर्द khurd
कलां kalan
डीह deeh dih
तहसील tehsil tahsil
जिला jila zila
ज़िला
मंडल mandal
प्रखंड prakhand
विकासखंड vikaskhand
खंड khand
अनुमंडल anumandal
प्रदेश pradesh
राज्य rajya
देश desh
भारत bharat india
उत्तर uttar
दक्षिण dakshin
पूर्व purv poorv purva poorva
पश्चिम pashchim paschim
पूर्वी purvi poorvi
पश्चिमी pashchimi paschimi
उत्तरी uttari
दक्षिणी dakshini
मध्य madhya
नदी nadi
तालाब talab
पोखर pokhar
कुआँ kuan kuaan
बाग bagh baag
बगीचा bagicha
खेत khet
पहाड़ pahad pahar
घाट ghat
पुल pul
नहर nahar
डेरा dera
ढाणी dhani
पाड़ा pada para
वाड़ी wadi wadi
नगला nagla
# numbers
एक ek
दो do
तीन teen
चार char
पाँच panch paanch
पांच
छह chhah chhe
सात saat sat
आठ aath ath
नौ nau
दस das
ग्यारह gyarah
बारह barah
पहला pahla
दूसरा doosra dusra
तीसरा teesra tisra
चौथा chautha
पाँचवाँ panchwan
प्रथम pratham
द्वितीय dwitiya dvitiya
तृतीय tritiya
चतुर्थ chaturth
पंचम pancham
# people and words of place names
श्री shri shree sri
श्रीमती shrimati
शहीद shaheed shahid
स्मारक smarak
स्वर्गीय swargiya
महात्मा mahatma
गांधी gandhi
नेहरू nehru
सुभाष subhash
अंबेडकर ambedkar
आंबेडकर
भगत bhagat
सिंह singh
राम ram
राज raj
शिव shiv
कृष्ण krishna krishn
हनुमान hanuman
दुर्गा durga
लक्ष्मी laxmi lakshmi
देवी devi
माता mata
जी ji
बाबा baba
साहब sahab saheb
सेठ seth
लाल lal
चंद chand
नाथ nath
प्रसाद prasad
कुमार kumar
शर्मा sharma
वर्मा verma
गुप्ता gupta
यादव yadav
पांडेय pandey
मिश्रा mishra
तिवारी tiwari
चौहान chauhan
ठाकुर thakur
पटेल patel
जैन jain
खान khan
अली ali
# common verbs/nouns in addresses
स्थित sthit
निवासी niwasi nivasi
मकान makaan makan
घर ghar
दुकान dukan
कोठी kothi
हवेली haveli
आश्रम ashram
कुटिया kutiya
समिति samiti
सभा sabha
संघ sangh
मंच manch
सेवा seva sewa
विकास vikas
कल्याण kalyan
जन jan
लोक lok
सार्वजनिक sarvajanik
निर्माण nirman
विभाग vibhag
जल jal
बिजली bijli
वन van
कृषि krishi
उद्योग udyog
व्यापार vyapar
किसान kisan
मजदूर majdoor mazdoor
सहकारी sahkari
समिति
कोष kosh
भंडार bhandar
गोदाम godam
कार्यशाला karyashala
प्रशिक्षण prashikshan
संस्थान sansthan
प्रौद्योगिकी praudyogiki
विश्वविद्यालय vishwavidyalay vishvavidyalay
अकादमी academy
पब्लिक public
कॉन्वेंट convent
मिशन mission
आदर्श adarsh
नवोदय navodaya
सर्वोदय sarvodaya
किसान
जूनियर junior
सीनियर senior
सेकेंडरी secondary
हाईस्कूल highschool
उच्चतम
न्यायालय nyayalay
कचहरी kachahri kachehri
तहसीलदार
कलेक्ट्रेट collectorate
सचिवालय sachivalay
# cities and towns
दिल्ली delhi dilli
मुंबई mumbai bombay
कोलकाता kolkata calcutta
चेन्नई chennai
लखनऊ lucknow lakhnau
कानपुर kanpur cawnpore
पटना patna
जयपुर jaipur
भोपाल bhopal
इंदौर indore indaur
आगरा agra
मेरठ meerut merath
वाराणसी varanasi
बनारस banaras
प्रयागराज prayagraj
इलाहाबाद allahabad ilahabad
गोरखपुर gorakhpur
अयोध्या ayodhya
बरेली bareilly bareli
अलीगढ़ aligarh
मुरादाबाद moradabad muradabad
गाज़ियाबाद ghaziabad gaziabad
गाजियाबाद
नोएडा noida
गुड़गांव gurgaon
गुरुग्राम gurugram
फरीदाबाद faridabad
झांसी jhansi
मथुरा mathura
वृंदावन vrindavan vrindaban
हरिद्वार haridwar
देहरादून dehradun
शिमला shimla
चंडीगढ़ chandigarh
अमृतसर amritsar
लुधियाना ludhiana
जालंधर jalandhar
अहमदाबाद ahmedabad ahmadabad
सूरत surat
वडोदरा vadodara baroda
राजकोट rajkot
पुणे pune poona
नागपुर nagpur
नासिक nashik nasik
औरंगाबाद aurangabad
हैदराबाद hyderabad
बेंगलुरु bengaluru bangalore
ग्वालियर gwalior
जबलपुर jabalpur
उज्जैन ujjain
सागर sagar
रीवा rewa
सतना satna
रायपुर raipur
बिलासपुर bilaspur
रांची ranchi
धनबाद dhanbad
जमशेदपुर jamshedpur
गया gaya
भागलपुर bhagalpur
मुजफ्फरपुर muzaffarpur
दरभंगा darbhanga
पूर्णिया purnia purnea
आरा arrah ara
बक्सर buxar
छपरा chhapra
सीवान siwan
बेगूसराय begusarai
जोधपुर jodhpur
उदयपुर udaipur
कोटा kota
अजमेर ajmer
बीकानेर bikaner
अलवर alwar
भरतपुर bharatpur
सीकर sikar
गोंडा gonda
बस्ती
बलिया ballia
आजमगढ़ azamgarh
जौनपुर jaunpur
गाजीपुर ghazipur
मिर्जापुर mirzapur
सुल्तानपुर sultanpur
रायबरेली raebareli raibareli
उन्नाव unnao
सीतापुर sitapur
हरदोई hardoi
फैजाबाद faizabad
बहराइच bahraich
शाहजहांपुर shahjahanpur
पीलीभीत pilibhit
बदायूं badaun budaun
एटा etah
इटावा etawah
मैनपुरी mainpuri
फिरोजाबाद firozabad
सहारनपुर saharanpur
मुजफ्फरनगर muzaffarnagar
बिजनौर bijnor
रामपुर rampur
हमीरपुर hamirpur
बांदा banda
ललितपुर lalitpur
देवरिया deoria
कुशीनगर kushinagar
महाराजगंज maharajganj
संत sant
कबीर kabir
उत्तराखंड uttarakhand
बिहार bihar
झारखंड jharkhand
राजस्थान rajasthan
हरियाणा haryana
पंजाब punjab
गुजरात gujarat
महाराष्ट्र maharashtra
छत्तीसगढ़ chhattisgarh
हिमाचल himachal
`;
