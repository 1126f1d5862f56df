/**
 * Gujarati words of addresses and place names (district seats and towns of Gujarat, Daman and Diu), one
 * per line, roughly most useful first, each with the typed spellings its romanisation does not give.
 * Written for this project from public knowledge of the place names; not the evaluation set.
 */
export const GUJARATI_LEXICON = `
# institutions and buildings
શાળા shala shaala
પ્રાથમિક prathmik prathamik
માધ્યમિક madhyamik
કન્યા kanya
કુમાર kumar
ગ્રામ gram
પંચાયત panchayat
નગરપાલિકા nagarpalika
મહાનગરપાલિકા mahanagarpalika
તાલુકા taluka
જિલ્લા jilla zilla
કચેરી kacheri
ઓરડો ordo
નંબર nambar number
મંદિર mandir
ચોક chok chowk
રોડ road rod
સોસાયટી society sosayti
આંગણવાડી anganwadi aanganwadi
કેન્દ્ર kendra
ભવન bhavan bhawan
હોલ hall hol
ગામ gam gaam
# places
અમદાવાદ ahmedabad amdavad ahmadabad
વડોદરા vadodara baroda
સુરત surat
રાજકોટ rajkot
ભાવનગર bhavnagar
જામનગર jamnagar
ગાંધીનગર gandhinagar
જૂનાગઢ junagadh
આણંદ anand
નડિયાદ nadiad nadiyad
મહેસાણા mehsana mahesana
પાલનપુર palanpur
ભરૂચ bharuch
નવસારી navsari
વલસાડ valsad
વાપી vapi
પોરબંદર porbandar
મોરબી morbi
ગોધરા godhra
દાહોદ dahod
અમરેલી amreli
બોટાદ botad
પાટણ patan
ભુજ bhuj
ગોંડલ gondal
જેતપુર jetpur
વેરાવળ veraval
દમણ daman
દીવ diu
સુરેન્દ્રનગર surendranagar
હિંમતનગર himmatnagar
કલોલ kalol
ધોળકા dholka
દ્વારકા dwarka dvarka
સોમનાથ somnath
મોડાસા modasa
વિરમગામ viramgam
સાણંદ sanand
બારડોલી bardoli
વ્યારા vyara
અંકલેશ્વર ankleshwar anklesvar
ખેડા kheda
ખંભાત khambhat cambay
ઊંઝા unjha
વિસનગર visnagar
ડીસા deesa disa
ગાંધીધામ gandhidham
માંડવી mandvi
ઉના una
મહુવા mahuva mahuwa
પાલીતાણા palitana
લીંબડી limbdi
વાંકાનેર wankaner vankaner
ધ્રાંગધ્રા dhrangadhra
# common names and words that begin place names
રામ ram
કૃષ્ણ krishna
ગોપાલ gopal
શિવ shiv
હનુમાન hanuman
સીતા sita
લક્ષ્મી laxmi lakshmi
નારાયણ narayan
રાધા radha
ગણેશ ganesh
મહાદેવ mahadev
શ્રી shri shree
દેવ dev
દુર્ગા durga
વિષ્ણુ vishnu
ગંગા ganga
# more towns
ગોધાવી godhavi
કાલાવડ kalavad
જોડિયા jodiya
ખંભાળિયા khambhalia khambhaliya
ભાણવડ bhanvad
રાણાવાવ ranavav
કુતિયાણા kutiyana
માણાવદર manavadar
વંથલી vanthali
વિસાવદર visavadar
માળિયા maliya
તાલાલા talala
કોડીનાર kodinar
ગઢડા gadhada
બરવાળા barvala
વલ્લભીપુર vallabhipur
ઉમરાળા umrala
ગારિયાધાર gariyadhar
રાજુલા rajula
સાવરકુંડલા savarkundla
બાબરા babra
લાઠી lathi
ધારી dhari
વડિયા vadiya
લખતર lakhtar
વઢવાણ wadhwan
સાયલા sayla
મૂળી muli
પાટડી patdi
બેચરાજી becharaji
ચાણસ્મા chanasma
હારીજ harij
સમી sami
કાંકરેજ kankrej
ધાનેરા dhanera
વાવ vav
ભાભર bhabhar
પ્રાંતિજ prantij
તલોદ talod
મેઘરજ meghraj
ભિલોડા bhiloda
માલપુર malpur
ઠાસરા thasra
મહુધા mahudha
માતર matar
સોજિત્રા sojitra
તારાપુર tarapur
ઉમરેઠ umreth
આંકલાવ anklav
વાઘોડિયા waghodia vaghodiya
ડભોઈ dabhoi
કરજણ karjan
પાદરા padra
સાવલી savli
`;
