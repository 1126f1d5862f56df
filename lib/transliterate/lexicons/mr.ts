/**
 * Marathi words of addresses and place names (district seats and towns of Maharashtra), one per line,
 * roughly most useful first, each with the typed spellings its romanisation does not give. Written for
 * this project from public knowledge of the place names; not the evaluation set (tests/transliterate/places).
 */
export const MARATHI_LEXICON = `
# institutions and buildings
शाळा shala shaala
जिल्हा jilha zilla
परिषद parishad
प्राथमिक prathmik prathamik
माध्यमिक madhyamik
विद्यालय vidyalay vidyalaya
महाविद्यालय mahavidyalay mahavidyalaya
ग्रामपंचायत grampanchayat
पंचायत panchayat
समिती samiti
नगर nagar
महानगरपालिका mahanagarpalika
नगरपालिका nagarpalika
नगरपरिषद nagarparishad
कार्यालय karyalay karyalaya
वाडी wadi vadi
गाव gaon gav
तालुका taluka
खोली kholi
क्रमांक kramank kramaank
मंदिर mandir
रस्ता rasta
चौक chowk chauk
पेठ peth
आळी ali aali
इमारत imarat
सभागृह sabhagruh sabhagrih
अंगणवाडी anganwadi aanganwadi
केंद्र kendra
मराठी marathi
# places
पुणे pune poona
मुंबई mumbai bombay
नागपूर nagpur
नाशिक nashik nasik
ठाणे thane
औरंगाबाद aurangabad
सोलापूर solapur sholapur
कोल्हापूर kolhapur
सांगली sangli
सातारा satara
अहमदनगर ahmednagar ahmadnagar
जळगाव jalgaon
धुळे dhule dhulia
नंदुरबार nandurbar
अकोला akola
अमरावती amravati amaravati
यवतमाळ yavatmal yeotmal
वर्धा wardha vardha
चंद्रपूर chandrapur
गडचिरोली gadchiroli
भंडारा bhandara
गोंदिया gondia gondiya
बुलढाणा buldhana buldana
वाशिम washim vashim
लातूर latur
उस्मानाबाद osmanabad usmanabad
बीड beed bid
परभणी parbhani
हिंगोली hingoli
जालना jalna jalana
नांदेड nanded
रत्नागिरी ratnagiri
सिंधुदुर्ग sindhudurg
रायगड raigad raigarh
पालघर palghar
कल्याण kalyan
डोंबिवली dombivli dombivali
भिवंडी bhiwandi bhivandi
पनवेल panvel
बारामती baramati
इचलकरंजी ichalkaranji
मालेगाव malegaon
कराड karad
शिर्डी shirdi
पंढरपूर pandharpur
तुळजापूर tuljapur
अलिबाग alibag alibaug
चिपळूण chiplun
वसई vasai
विरार virar
# common names and words that begin place names
राम ram
कृष्ण krishna
गोपाळ gopal
शिव shiv
हनुमान hanuman
सीता sita
लक्ष्मी laxmi lakshmi
नारायण narayan
राधा radha
गणेश ganesh
महादेव mahadev
श्री shri shree
देव dev
दुर्गा durga
विष्णू vishnu
गंगा ganga
# more towns
भुसावळ bhusawal bhusaval
चाळीसगाव chalisgaon
पाचोरा pachora
अमळनेर amalner
शिरपूर shirpur
मनमाड manmad
येवला yeola yevla
सिन्नर sinnar
इगतपुरी igatpuri
लोणावळा lonavala lonavla
तळेगाव talegaon
चाकण chakan
शिरूर shirur
सासवड saswad
भोर bhor
महाबळेश्वर mahabaleshwar
पाचगणी panchgani
कर्जत karjat
खोपोली khopoli
रोहा roha
राजापूर rajapur
कणकवली kankavli
वेंगुर्ला vengurla
कागल kagal
जयसिंगपूर jaysingpur
तासगाव tasgaon
कोरेगाव koregaon
करमाळा karmala
सांगोला sangola
मंगळवेढा mangalvedha
उमरगा umarga
औसा ausa
निलंगा nilanga
परळी parli
माजलगाव majalgaon
पैठण paithan
वैजापूर vaijapur
सिल्लोड sillod
खामगाव khamgaon
शेगाव shegaon
मलकापूर malkapur
अकोट akot
हिंगणघाट hinganghat
काटोल katol
सावनेर savner
वरोरा warora
साकोली sakoli
`;
