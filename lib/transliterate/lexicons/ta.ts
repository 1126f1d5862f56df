/**
 * Tamil words of addresses and place names (districts and towns of Tamil Nadu), one per line, roughly
 * most useful first, each with the typed spellings its romanisation does not give. Written for this
 * project from public knowledge of the place names; not the evaluation set.
 */
export const TAMIL_LEXICON = `
# institutions and buildings
பள்ளி palli school
தொடக்கப்பள்ளி thodakkappalli
நடுநிலைப்பள்ளி nadunilaipalli
உயர்நிலைப்பள்ளி uyarnilaipalli
அரசு arasu
ஊராட்சி uratchi ooratchi
ஒன்றியம் onriyam
நகராட்சி nagaratchi
மாநகராட்சி managaratchi maanagaratchi
கிராமம் gramam kiramam
அறை arai
எண் en enn
தெரு theru
சாலை salai saalai
கோவில் kovil koil
மாவட்டம் mavattam maavattam
வட்டம் vattam
அங்கன்வாடி anganwadi
மையம் maiyam
கட்டிடம் kattidam
# places
சென்னை chennai madras
மதுரை madurai
கோயம்புத்தூர் coimbatore koyambuthur kovai
திருச்சிராப்பள்ளி tiruchirappalli trichy tiruchirapalli
சேலம் salem
திருநெல்வேலி tirunelveli thirunelveli
ஈரோடு erode
வேலூர் vellore velur
தூத்துக்குடி thoothukudi tuticorin
திண்டுக்கல் dindigul thindukkal
தஞ்சாவூர் thanjavur tanjore
காஞ்சிபுரம் kanchipuram kancheepuram
கடலூர் cuddalore kadalur
விழுப்புரம் villupuram viluppuram
நாகப்பட்டினம் nagapattinam
திருவாரூர் thiruvarur tiruvarur
கும்பகோணம் kumbakonam
கரூர் karur
நாமக்கல் namakkal
தர்மபுரி dharmapuri
கிருஷ்ணகிரி krishnagiri
திருவண்ணாமலை tiruvannamalai thiruvannamalai
புதுக்கோட்டை pudukkottai pudukottai
சிவகங்கை sivaganga sivagangai
ராமநாதபுரம் ramanathapuram
விருதுநகர் virudhunagar virudunagar
தேனி theni
கன்னியாகுமரி kanyakumari kanniyakumari
நாகர்கோவில் nagercoil nagarkovil
திருப்பூர் tiruppur tirupur
நீலகிரி nilgiris nilagiri
ஊட்டி ooty
பெரம்பலூர் perambalur
அரியலூர் ariyalur
திருவள்ளூர் tiruvallur thiruvallur
செங்கல்பட்டு chengalpattu chengalpet
ராணிப்பேட்டை ranipet
திருப்பத்தூர் tirupattur
கள்ளக்குறிச்சி kallakurichi
தென்காசி tenkasi thenkasi
மயிலாடுதுறை mayiladuthurai
சிவகாசி sivakasi
பொள்ளாச்சி pollachi
ஆம்பூர் ambur
ஓசூர் hosur
# common names and words that begin place names
ராம rama ram
கிருஷ்ண krishna
கோபால gopala gopal
சிவ siva shiva
அனுமன் hanuman anuman
சீதா sita
லட்சுமி lakshmi latchumi
நாராயண narayana
ராதா radha
கணேச ganesa ganesh
மகாதேவ mahadeva
ஸ்ரீ sri shri
தேவ deva
துர்கா durga
விஷ்ணு vishnu
கங்கா ganga
# more towns
காரைக்கால் karaikal
புதுச்சேரி puducherry pondicherry
ஸ்ரீபெரும்புதூர் sriperumbudur
மதுராந்தகம் madurantakam
செய்யாறு cheyyar
போளூர் polur
வந்தவாசி vandavasi
செஞ்சி gingee senji
உளுந்தூர்பேட்டை ulundurpet
விருத்தாசலம் virudhachalam vriddhachalam
நெய்வேலி neyveli
பண்ருட்டி panruti
திருக்கோவிலூர் tirukkoyilur
சங்கராபுரம் sankarapuram
எடப்பாடி edappadi
ஓமலூர் omalur
திருச்செங்கோடு tiruchengode
பரமத்தி paramathi
கோபிசெட்டிபாளையம் gobichettipalayam gobi
சத்தியமங்கலம் sathyamangalam
பெருந்துறை perundurai
காங்கேயம் kangeyam
தாராபுரம் dharapuram
உடுமலைப்பேட்டை udumalaipettai udumalpet
வால்பாறை valparai
குன்னூர் coonoor kunnur
கோத்தகிரி kotagiri
ஒட்டன்சத்திரம் oddanchatram
வேடசந்தூர் vedasandur
நத்தம் natham
மேலூர் melur
திருமங்கலம் thirumangalam
உசிலம்பட்டி usilampatti
பெரியகுளம் periyakulam
கம்பம் cumbum kambam
போடிநாயக்கனூர் bodinayakanur bodi
ஸ்ரீவில்லிபுத்தூர் srivilliputhur
சாத்தூர் sattur
அருப்புக்கோட்டை aruppukottai
திருச்செந்தூர் tiruchendur
அம்பாசமுத்திரம் ambasamudram
சங்கரன்கோவில் sankarankovil
`;
