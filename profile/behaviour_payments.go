package profile

// paymentBehaviours are the open points of the payment options (A-2.5,
// ), the redirect callback, and Document B's
// payments and consent (B-2.1, B-2.2, B-2.5, B-3, B-4.1 to B-4.9).
var paymentBehaviours = []Behaviour{
	{
		Key:    RepeatedPaymentMove,
		Clause: "B-3",
		Values: []string{Refused, Idempotent},
		Doc: "How the target answers an exact repeat of a payment move (Complete Authorize of an AUTHORIZED payment, " +
			"Capture of a CAPTURED one, Cancel of a CANCELLED one), which B-3 does not show: refused (a handled error, " +
			"the default) or idempotent (0000 again with the same statusCode). Either way the status stays and no money moves again.",
	},
}
