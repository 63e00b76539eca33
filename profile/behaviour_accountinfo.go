package profile

// accountInfoBehaviours are the open points of Document B's account
// information, wallet-to-merchant payments and address check (B-2.3, B-2.4,
// B-4.10 to B-4.19, and the KC rows of B-3).
var accountInfoBehaviours = []Behaviour{
	{
		Key:    KCRepeatedMove,
		Clause: "B-3",
		Values: []string{Refused, Idempotent},
		Doc: "What an exact repeat of a KC move answers (KC-Capture of a payment it captured, KC-Cancel of one it cancelled), " +
			"which B-3 does not show: refused, a handled error; idempotent, 0000 with the payment's statusCode as it is. " +
			"Either way no money moves.",
	},
}
